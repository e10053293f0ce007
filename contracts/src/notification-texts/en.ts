import type { DeliveryTexts, NotificationTexts } from './kinds';

/** SPEC's words, and those of the pickup lifecycle. */
export const enNotificationTexts: NotificationTexts = {
  pairedDonor: 'Hurray! We have found a distributor for your package!',
  pairedDistributor: 'Hurray! We have assigned you to a donor!',
  notPaired:
    'Oops! No distributor near you can take your package just now. Its page says why, and what you can do.',
  received: 'Yaay! Your package has been received by the distributor!',
  distributed: 'Woah! Your package has been successfully distributed!',
  offered: 'A donor near you has food for you. Will you pick it up?',
  offerLapsed: 'You did not answer in time, so the package was offered to someone else.',
  released: 'Your distributor cannot make it. We are looking for another one.',
  cancelled: 'The donor has cancelled this package. You do not need to pick it up.',
  expiredDonor: 'Nobody picked up your package in time, so it has expired.',
  expiredDistributor: 'This package was not picked up in time and has expired.',
  stillWaiting:
    'Half of the pickup time has passed and your package still waits for a distributor. Its page says why, and what you can do.',
  cancelledByCoordinator:
    'An AlmQuest coordinator has cancelled this package. Nobody needs to pick it up.',
  takenOver:
    'An AlmQuest coordinator has moved this package to another distributor. You do not need to pick it up.',
  splitDonor: 'Hurray! Your donation has been split into parts, and distributors are taking them!',
  atRisk:
    'A package is at risk: a third of its pickup time is left and nobody has accepted it. The console lists it first.',
  onWay: 'Your distributor is on the way to the meet point.',
  reclaimed:
    'You did not say you were on your way in time, so the package is being offered to someone else. You do not need to pick it up.',
  reclaimedDonor:
    'Your distributor did not say in time that they were on their way, so we are looking for another one.',
};

export const enDeliveryTexts: DeliveryTexts = {
  title: 'AlmQuest',
  meals: (count, shown) => (count === 1 ? `${shown} meal` : `${shown} meals`),
  packageLine: '{meals} · {place}',
  answerBy: 'Answer by {time}',
  mailOpen: 'Open the package: {url}',
  mailWhyOffers: 'You get this e-mail because you chose e-mails about offers on AlmQuest.',
  mailWhyUpdates: 'You get this e-mail because you chose e-mails about your packages on AlmQuest.',
  mailOpenConsole: 'Open the coordinator console: {url}',
  mailWhyAtRisk:
    'You get this e-mail because you are an AlmQuest coordinator and chose e-mails about offers.',
  mailStop: 'Stop these e-mails: {url}',
  mailGreeting: 'Hello {name},',
  mailOpenLink: 'Open the package',
  mailOpenConsoleLink: 'Open the coordinator console',
  mailStopLink: 'Stop these e-mails',
};
