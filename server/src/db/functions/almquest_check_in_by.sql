-- When the distributor a package was just given to must have said they are on their way, under
-- the reliable dispatch (decision 044): two thirds of the way from listing the package to its
-- pick-up time (what the at-risk alert waits for), and at least half an hour after getting it; null
-- (nothing asked) when that would leave less than half an hour for anyone else to go, and for a
-- standing day (listed hours before the food is ready, to a regular). The one definition: a
-- pairing in almquest_claim_row and an accepted offer (lifecycle/changes.ts) both write it to
-- packages.check_in_by; each caller leaves out only who cannot say it (by WhatsApp or SMS).
create or replace function almquest_check_in_by(
  created_at timestamptz, ready_until timestamptz, standing_id uuid, paired_at timestamptz)
returns timestamptz language sql immutable parallel safe as $$
  select case when standing_id is null and due <= ready_until - interval '30 minutes' then due end
    from (select greatest(ready_until - (ready_until - created_at) / 3,
                          paired_at + interval '30 minutes') as due) checked
$$;
