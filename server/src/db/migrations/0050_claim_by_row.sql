-- A split's parts are claimed with almquest_claim_row on the package row itself
-- (matching/assign.ts): the wrapper that read the row by its id goes.
DROP FUNCTION IF EXISTS almquest_claim(uuid, uuid, float8, float8, float8, float8, boolean, boolean, text, boolean);
