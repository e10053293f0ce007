// Tries AlmQuest's SMS without Gupshup (README, "SMS"): starts the tests' stand-in for Gupshup's
// API, which checks each SMS against its DLT template, on SMS_FAKE_PORT (8099 unless given),
// prints the settings to start AlmQuest with, and then every SMS it takes. Ctrl+C stops it.
import { fakeGupshup } from '../src/test/fake-gupshup';

const port = Number(process.env.SMS_FAKE_PORT ?? 8099);
const origin = (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const fake = fakeGupshup();
fake.state.origin = origin;
const settings = await fake.start({ port });
console.log(`A stand-in for Gupshup listens on 127.0.0.1:${port}. Start AlmQuest with:\n`);
// PUBLIC_URL's port, where it gives one, is the port AlmQuest must listen on.
const appPort = new URL(origin).port;
console.log(
  `${Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(' \\\n')} \\\nPUBLIC_URL=${origin}${appPort ? ` PORT=${appPort}` : ''} npm start\n`,
);
console.log(
  `A reply from a phone, as Gupshup would bring it:\n  curl '${origin}/api/sms/webhook/${settings['SMS_WEBHOOK_SECRET']}/inbound?msisdn=91<phone>&content=ALMQ%201%20<code>&timestamp='$(date +%s)\n`,
);
let shown = 0;
setInterval(() => {
  for (const sms of fake.sent.slice(shown)) {
    console.log(`SMS to +${sms.to} (${sms.template}, ${sms.locale}):\n  ${sms.text}\n`);
  }
  shown = fake.sent.length;
}, 500);
