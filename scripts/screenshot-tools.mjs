// What the screenshot scripts share: Debian's Chromium, and a donation by the signed-in demo donor.
import { chromium } from 'playwright-core';

/** Debian's Chromium (CHROMIUM, default /usr/bin/chromium), with what it needs on this machine. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * 25 meals given by the donor signed in on this page (through the API, with the session's
 * cookie), from their own place: the package's id, once it is paired when `mustPair`.
 */
export function donateFromPage(page, { mustPair = false } = {}) {
  return page.evaluate(async (mustPair) => {
    const { user } = await (await fetch('/api/session')).json();
    const { data: profile } = await (await fetch(`/api/donor/${user.id}`)).json();
    const res = await fetch('/api/donor/donate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        donor_id: user.id,
        quantity: 25,
        travelCapacity: '8 Kilometres',
        location: profile.location,
        timestamp: Date.now(),
      }),
    });
    const body = await res.json();
    if (res.status !== 201 || (mustPair && !body.package.pair))
      throw new Error(`not ${mustPair ? 'paired' : 'donated'}: ${JSON.stringify(body)}`);
    return body.package._id;
  }, mustPair);
}
