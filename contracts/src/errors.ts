import { z } from 'zod';

/** Stable machine-readable error codes shared by the server and the client. */
export const ErrorCode = z.enum([
  'bad_request',
  'validation_failed',
  'malformed_json',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_key_reused',
  'wrong_handover_code',
  'handover_locked',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * The API's own messages that a client words in the reader's language: each is `server.<key>`
 * in the client's catalogs (English, Hindi, Bengali), with the values in `params`.
 */
export const SERVER_MESSAGE_KEYS = [
  'accountGone',
  'actAsSelf',
  'alreadyInState',
  'alreadyRegistered',
  'alreadySuspended',
  'badPageLink',
  'badUnsubscribeLinksTooMany',
  'calendarTooMany',
  'cannotSaveNow',
  'cannotSuspendSelf',
  'capacityBelowLoad',
  'clockOnlyForward',
  'codeLocked',
  'codeRequired',
  'coordinatorNotSuspended',
  'coordinatorsOnly',
  'databaseUnavailable',
  'deviceNotSubscribed',
  'distributorGaveBack',
  'distributorInactive',
  'distributorNoRoom',
  'distributorsOnly',
  'distributorSuspended',
  'distributorVegOnly',
  'donateAsSelf',
  'donatedTooMany',
  'donorReportsNoShow',
  'donorsOnly',
  'exportWithPost',
  'finishBeforeDelete',
  'idempotencyKeyReused',
  'lifecycleConflict',
  'liveBusy',
  'liveTooMany',
  'mailNotSetUp',
  'messagesTooMany',
  'nobodyAccepted',
  'noDistributorProfile',
  'noDonorProfile',
  'noLongerYours',
  'noPlaceNear',
  'noSuchDonation',
  'noSuchEndpoint',
  'noSuchMessage',
  'noSuchNotification',
  'noSuchPackage',
  'noSuchPerson',
  'noSuchReport',
  'noSuchStandingDonation',
  'noSuchCalendar',
  'noRegistrationNumber',
  'registrationChanged',
  'checkOwnNumber',
  'disposeAfterReceived',
  'alreadyDisposed',
  'disposeTooLate',
  'disposedTooMany',
  'notAnUpcomingDay',
  'standingDayListed',
  'standingDayPickedUp',
  'standingDonationEnded',
  'standingPickupStopped',
  'standingTooMany',
  'standingTakenByOther',
  'startsOnPast',
  'startsOnTooFar',
  'endsBeforeStart',
  'notDistributor',
  'notPairedNoMeet',
  'notSuspended',
  'offerLapsed',
  'onlyAssignedDistributor',
  'onlyAssignedReleases',
  'onlyDonorCancels',
  'onlyDonorChanges',
  'onlyDonorDeletes',
  'onlyNotPairedDeleted',
  'onlyNotPairedOffered',
  'onlyOfferedAnswers',
  'otherWebsites',
  'messagingCodeExpired',
  'messagingCodesTooMany',
  'messagingCodeTries',
  'messagingCodeWrong',
  'messagingNoCode',
  'messagingNumberStopped',
  'messagingNumberStoppedSms',
  'messagingSendFailed',
  'messagingBusy',
  'messagingUnavailable',
  'ownAccountOnly',
  'ownChannelOnly',
  'ownProfileOnly',
  'pickupPassed',
  'placeSearchesTooMany',
  'placesLoading',
  'pushDevicesTooMany',
  'pusherNotUsed',
  'registeredTooMany',
  'registerFirst',
  'registerOwnEmail',
  'reportedNoDelete',
  'reportedTooMany',
  'sendJson',
  'signInsTooMany',
  'signInUnavailable',
  'suspended',
  'tooSlow',
  'travelFarther',
  'undoExpired',
  'undoSpent',
  'unsubscribeInvalid',
  'widenedTooMany',
  'wrongCode',
  'wrongCodeTries',
] as const;
export type ServerMessageKey = (typeof SERVER_MESSAGE_KEYS)[number];

/** A value of a message: a number, or text. Values named `state` (a package state) and `role`
 * (donor or distributor) are words a client translates too. */
export const MessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** A message as a key and its values. */
export const MessageWordsSchema = z.object({
  key: z.string(),
  params: MessageParamsSchema.optional(),
});
export type MessageWords = z.infer<typeof MessageWordsSchema>;

/**
 * Every error answer of the API has this body. `message` is the English text; `key` and
 * `params`, when present, are its words (a `ServerMessageKey`), for a client to say it in the
 * reader's language without matching the English. `fields` maps a field path to its message, and
 * `fieldWords` to its words where the server has them.
 */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    key: z.string().optional(),
    params: MessageParamsSchema.optional(),
    fields: z.record(z.string(), z.string()).optional(),
    fieldWords: z.record(z.string(), MessageWordsSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
