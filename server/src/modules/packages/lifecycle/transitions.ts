import type { PackageEventKind, PackageState } from '@almquest/contracts/packages';
import { words, type Words } from '../../../errors';

/**
 * The package lifecycle as data: every way a package's state may change, from which states, to
 * which, and the timeline entry it leaves. The writer (write.ts) refuses anything not here; the
 * database's own matching (db/functions/almquest_claim_row.sql: offer and pair) follows the same
 * rows, and the model test (lifecycle.model.test.ts) holds every path, SQL included, to them.
 */
export type Transition = {
  /** The states it may start from. */
  from: readonly PackageState[];
  /** Where it leaves the package ('same': its state stays; null: the package is deleted). */
  to: PackageState | 'same' | null;
  /** Its timeline entry (null: none, the package is gone). */
  event: PackageEventKind | null;
  /** A refusal's words: "only {needs} can be {verb}". */
  needs: string;
  verb: string;
  /** A refusal on a package already in the state it leads to says so ("already Received"). */
  saysAlready?: boolean;
};

/** Before a distributor holds it. */
const WAITING = ['Not Paired', 'Offered'] as const;
/** Not yet in a distributor's hands: it can still be called off, and it expires. */
const NOT_YET_RECEIVED = ['Not Paired', 'Offered', 'Paired'] as const;

export const TRANSITIONS = {
  /** A donation is stored (db/functions/almquest_donate.sql). */
  create: { from: [], to: 'Not Paired', event: 'created', needs: 'nothing', verb: 'created' },
  /** Matching offers it to a distributor who answers offers (almquest_claim_row.sql). */
  offer: {
    from: ['Not Paired'],
    to: 'Offered',
    event: 'offered',
    needs: 'a Not Paired package',
    verb: 'offered',
  },
  /** Matching pairs it with a distributor who accepts automatically (almquest_claim_row.sql). */
  pair: {
    from: ['Not Paired'],
    to: 'Paired',
    event: 'paired',
    needs: 'a Not Paired package',
    verb: 'paired',
  },
  accept: {
    from: ['Offered'],
    to: 'Paired',
    event: 'accepted',
    needs: 'an Offered package',
    verb: 'accepted',
  },
  decline: {
    from: ['Offered'],
    to: 'Not Paired',
    event: 'declined',
    needs: 'an Offered package',
    verb: 'declined',
  },
  /** The offer went unanswered (the deadline sweep). */
  lapse: {
    from: ['Offered'],
    to: 'Not Paired',
    event: 'lapsed',
    needs: 'an Offered package',
    verb: 'lapsed',
  },
  release: {
    from: ['Paired'],
    to: 'Not Paired',
    event: 'released',
    needs: 'a Paired package',
    verb: 'released',
  },
  /** The distributor says they have set out for the meet point. */
  setOut: {
    from: ['Paired'],
    to: 'same',
    event: 'onWay',
    needs: 'a Paired package',
    verb: 'marked on the way',
  },
  /** Nobody said they were on their way in time (the deadline sweep, decision 044). */
  reclaim: {
    from: ['Paired'],
    to: 'Not Paired',
    event: 'reclaimed',
    needs: 'a Paired package',
    verb: 'given to someone else',
  },
  /** A coordinator moves it away from a distributor (a suspension). */
  takeBack: {
    from: ['Offered', 'Paired'],
    to: 'Not Paired',
    event: 'takenBack',
    needs: 'an Offered or Paired package',
    verb: 'moved',
  },
  /** The donor travels farther or allows a split while it waits. */
  widen: {
    from: WAITING,
    to: 'same',
    event: 'widened',
    needs: 'a waiting package',
    verb: 'changed',
  },
  receive: {
    from: ['Paired'],
    to: 'Received',
    event: 'received',
    needs: 'a Paired package',
    verb: 'marked Received',
    saysAlready: true,
  },
  distribute: {
    from: ['Received'],
    to: 'Distributed',
    event: 'distributed',
    needs: 'a Received package',
    verb: 'marked Distributed',
    saysAlready: true,
  },
  cancel: {
    from: NOT_YET_RECEIVED,
    to: 'Cancelled',
    event: 'cancelled',
    needs: 'a package not yet Received',
    verb: 'cancelled',
  },
  cancelByCoordinator: {
    from: NOT_YET_RECEIVED,
    to: 'Cancelled',
    event: 'cancelledByCoordinator',
    needs: 'a package not yet Received',
    verb: 'cancelled',
  },
  /** Not Received by its pickup time (the deadline sweep). */
  expire: {
    from: NOT_YET_RECEIVED,
    to: 'Expired',
    event: 'expired',
    needs: 'a package not yet Received',
    verb: 'expired',
  },
  /** The donor withdraws it before anyone was offered it: it is deleted, timeline and all. */
  withdraw: {
    from: ['Not Paired'],
    to: null,
    event: null,
    needs: 'a Not Paired package',
    verb: 'deleted',
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

/** Whether a package in `state` may take this transition. */
export function may(name: TransitionName, state: PackageState): boolean {
  return (TRANSITIONS[name].from as readonly PackageState[]).includes(state);
}

/**
 * Why a package in `state` may not take this transition, in the API's English words, and as
 * words a client says in the reader's language ("already Paired", or the state it is in now).
 */
export function refusalText(name: TransitionName, state: PackageState): string {
  const t: Transition = TRANSITIONS[name];
  if (t.saysAlready && t.to === state) return `This package is already ${state}.`;
  return `This package is ${state}; only ${t.needs} can be ${t.verb}.`;
}
export function refusalWords(name: TransitionName, state: PackageState): Words {
  const t: Transition = TRANSITIONS[name];
  if (t.saysAlready && t.to === state) return words('alreadyInState', { state });
  // Deleting has words of its own; the other refusals say what the package is now.
  return words(name === 'withdraw' ? 'onlyNotPairedDeleted' : 'lifecycleConflict', { state });
}

/**
 * The states one change can leave a package in that was in `state`: the transition's own, and,
 * when it leaves the package waiting, what matching it again at once may make of it (a release
 * followed by a new offer is one request).
 */
export function statesAfterOneChange(state: PackageState): Set<PackageState> {
  const after = new Set<PackageState>([state]);
  for (const t of Object.values(TRANSITIONS) as Transition[]) {
    if (!(t.from as readonly PackageState[]).includes(state) || t.to === null) continue;
    after.add(t.to === 'same' ? state : t.to);
  }
  if (after.has('Not Paired')) {
    after.add(TRANSITIONS.offer.to);
    after.add(TRANSITIONS.pair.to);
  }
  return after;
}

/** The transition a timeline entry records. */
export function transitionOfEvent(kind: PackageEventKind): Transition {
  const found = (Object.values(TRANSITIONS) as Transition[]).find((t) => t.event === kind);
  if (!found) throw new Error(`no transition leaves a "${kind}" entry`);
  return found;
}

/** The states a transition starts from, as a SQL list literal: ('Not Paired', 'Offered'). */
export function fromStatesSql(name: TransitionName): string {
  return `(${(TRANSITIONS[name].from as readonly string[]).map((s) => `'${s}'`).join(', ')})`;
}
