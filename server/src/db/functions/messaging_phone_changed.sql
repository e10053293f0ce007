-- A new phone number in the profile voids what the old one proved (decision 039): the person's
-- phone channels need a fresh code for the number they give now, even if they change it back.
create or replace function messaging_phone_changed() returns trigger language plpgsql as $$
begin
  update messaging_channels
     set verified_at = null, proven_at = null, code_hash = null, code_expires_at = null,
         code_tries = 0,
         updated_at = now()
   where user_id = new.id;
  return null;
end;
$$;
--> statement-breakpoint
create or replace trigger users_messaging_phone_changed
  after update of phone on users
  for each row
  when (old.phone is distinct from new.phone)
  execute function messaging_phone_changed();
