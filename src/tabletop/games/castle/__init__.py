"""Castle Von Loghan (not registered yet): a cooperative dungeon crawl in which 4 to 8 Agents,
played by 1 to 8 people, move as one group through a castle in three timelines, vote in
secret on events and fight in ten-step combat rounds, rearranging their own Timing sequences
for Energy.

What exists so far is the game's content and its loader: `content.load()` reads
`content/*.toml` (the rules numbers, the eight Agents, combat cards, Treasures, Allies,
Upgrades, enemies, Random Events and their tokens, the three boards, the ten Missions of the
campaign, the Contract, Loghan Chase and Warden decks, the game modes) into the typed records
of `records.py`, checking every field and reference. `records.EFFECTS` and
`records.CONDITIONS` list the handlers the rules engine must implement. What is printed and
what authored: docs/rules/castle-content.md. There is no `SPEC` yet, so the registry, the
batteries and the command line do not know the game.
"""
