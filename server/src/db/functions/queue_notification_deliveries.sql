-- Every notification, whichever code path writes it, queues its push and e-mail deliveries in the
-- same transaction, as its person has chosen: offers (what asks them to act: 'offered', and to a
-- coordinator 'atRisk') and updates (every other kind), each by push to every device and by e-mail.
create or replace function queue_notification_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_deliveries (notification_id, channel, subscription_id)
  SELECT n.id, 'push', s.id
  FROM new_notifications n
  JOIN users u ON u.id = n.user_id
  JOIN push_subscriptions s ON s.user_id = n.user_id
  WHERE CASE WHEN n.kind IN ('offered', 'atRisk') THEN u.push_offers ELSE u.push_updates END
  UNION ALL
  SELECT n.id, 'email', NULL
  FROM new_notifications n
  JOIN users u ON u.id = n.user_id
  WHERE CASE WHEN n.kind IN ('offered', 'atRisk') THEN u.email_offers ELSE u.email_updates END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
create or replace trigger notifications_queue_deliveries after insert on notifications
  referencing new table as new_notifications
  for each statement
  execute function queue_notification_deliveries();
