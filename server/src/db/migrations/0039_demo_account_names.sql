-- The demo accounts' names lost their English "(demo donor)" suffix (it showed on every page in
-- Hindi and Bengali); data folders seeded before keep the old names unless renamed here. Only the
-- exact old names of the demo e-mails change: a name someone gave themselves stays.
update users set name = 'Annapurna Kitchen', updated_at = now()
 where lower(email) = 'donor.demo@example.org' and name = 'Annapurna Kitchen (demo donor)';
--> statement-breakpoint
update users set name = 'Roti Bank', updated_at = now()
 where lower(email) = 'distributor.demo@example.org' and name = 'Roti Bank (demo distributor)';
--> statement-breakpoint
update users set name = 'Meera', updated_at = now()
 where lower(email) = 'coordinator.demo@example.org' and name = 'Meera (demo coordinator)';
