-- The distributors who turned a package down: declined it, let its offer lapse or released it,
-- and (with_taken_back) had it taken back by a coordinator or by the check-in (reclaimed: they did
-- not say in time that they were on their way). Matching does not offer it to them again; a
-- coordinator may (with_taken_back false). For a
-- part of a split donation, any part of it counts (who turned down 30 meals of a donation is not
-- offered 20 more of it). The one definition: matching's walk, the explanation of a wait, the
-- coordinator's candidates and a coordinator's offer all read it, in a FROM clause
-- (`in (select t from almquest_turned_down(…) t)`): one SELECT the planner inlines there, so a
-- walk reads the package's timeline once, from its index, in the plan it keeps.
create or replace function almquest_turned_down(
  pkg_id uuid, group_id uuid, with_taken_back boolean)
returns setof uuid language sql stable parallel safe as $$
  select e.distributor_id from package_events e
   where e.package_id = pkg_id and e.distributor_id is not null
     -- The turned-down index's own condition, then the one kind a caller may leave out.
     and e.kind in ('declined', 'lapsed', 'released', 'reclaimed', 'takenBack')
     and (with_taken_back or e.kind not in ('takenBack', 'reclaimed'))
  union all
  select e.distributor_id from packages g
    join package_events e on e.package_id = g.id
   where almquest_turned_down.group_id is not null
     and g.group_id = almquest_turned_down.group_id and e.distributor_id is not null
     -- The turned-down index's own condition, then the one kind a caller may leave out.
     and e.kind in ('declined', 'lapsed', 'released', 'reclaimed', 'takenBack')
     and (with_taken_back or e.kind not in ('takenBack', 'reclaimed'))
$$;
