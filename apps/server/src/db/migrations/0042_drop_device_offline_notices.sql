-- The hard-wired offline notification kept its claims here; the offline alarm rule (0036) replaced it and
-- nothing reads the table any more (its alarms, one open per device and rule, are the claim now).
DROP TABLE "device_offline_notices" CASCADE;
