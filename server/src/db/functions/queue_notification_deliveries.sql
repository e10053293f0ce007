-- Every notification, whichever code path writes it, queues its deliveries in the same
-- transaction, as its person has chosen: offers (what asks them to act: 'offered', and to a
-- coordinator 'atRisk') and updates (every other kind), each by push to every device, by e-mail,
-- and on WhatsApp and SMS.
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
  WHERE CASE WHEN n.kind IN ('offered', 'atRisk') THEN u.email_offers ELSE u.email_updates END
  UNION ALL
  -- A phone channel only once its number is proven, while not stopped, and only to the number
  -- the profile gives now (decision 039); offers always, updates as the person chose.
  SELECT n.id, m.channel, NULL
  FROM new_notifications n
  JOIN users u ON u.id = n.user_id
  JOIN messaging_channels m ON m.user_id = n.user_id
  WHERE m.channel IN ('whatsapp', 'sms')
    AND m.verified_at IS NOT NULL
    AND m.opted_out_at IS NULL
    AND u.phone IS NOT NULL AND m.phone = '+91' || u.phone
    AND (n.kind IN ('offered', 'atRisk') OR m.updates)
    -- A coordinator's alert links to the console: not by SMS, whose link opens a package.
    AND NOT (m.channel = 'sms' AND n.kind = 'atRisk');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
create or replace trigger notifications_queue_deliveries after insert on notifications
  referencing new table as new_notifications
  for each statement
  execute function queue_notification_deliveries();
