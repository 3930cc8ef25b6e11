"""PettingZoo environments of `quests`, version 0: `env()`, `raw_env()`, `parallel_env()`
(tabletop.rl.pettingzoo.versions)."""

from tabletop.rl.pettingzoo.versions import versioned

env, raw_env, parallel_env = versioned("quests")

__all__ = ["env", "parallel_env", "raw_env"]
