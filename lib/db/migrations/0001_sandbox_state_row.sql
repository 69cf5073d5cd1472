-- The sandbox's one state row: its clock offset and simulated block height.
INSERT INTO "sandbox_state" ("id", "clock_offset_ms", "block_height") VALUES (1, 0, 2500000) ON CONFLICT ("id") DO NOTHING;
