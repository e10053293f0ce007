import { PACKAGE_EVENT_KINDS, PACKAGE_STATES } from '@almquest/contracts/packages';
import { describe, expect, it } from 'vitest';
import {
  fromStatesSql,
  may,
  refusalText,
  refusalWords,
  statesAfterOneChange,
  TRANSITIONS,
  transitionOfEvent,
} from './transitions';

describe('the lifecycle as data', () => {
  it('gives every timeline entry exactly one transition', () => {
    for (const kind of PACKAGE_EVENT_KINDS) {
      const recording = Object.values(TRANSITIONS).filter((t) => t.event === kind);
      expect(recording, kind).toHaveLength(1);
      expect(transitionOfEvent(kind)).toBe(recording[0]);
    }
  });

  it('lets no package leave a final state', () => {
    for (const state of ['Distributed', 'Cancelled', 'Expired'] as const) {
      expect([...statesAfterOneChange(state)]).toEqual([state]);
    }
    expect([...statesAfterOneChange('Received')].sort()).toEqual(['Distributed', 'Received']);
  });

  it('says which states one change may lead to, a new match after a give-back included', () => {
    const after = Object.fromEntries(
      PACKAGE_STATES.map((s) => [s, [...statesAfterOneChange(s)].sort()]),
    );
    expect(after).toEqual({
      'Not Paired': ['Cancelled', 'Expired', 'Not Paired', 'Offered', 'Paired'],
      Offered: ['Cancelled', 'Expired', 'Not Paired', 'Offered', 'Paired'],
      Paired: ['Cancelled', 'Expired', 'Not Paired', 'Offered', 'Paired', 'Received'],
      Received: ['Distributed', 'Received'],
      Distributed: ['Distributed'],
      Cancelled: ['Cancelled'],
      Expired: ['Expired'],
    });
  });

  it('refuses in the words the API has always used', () => {
    expect(may('accept', 'Paired')).toBe(false);
    expect(refusalText('accept', 'Paired')).toBe(
      'This package is Paired; only an Offered package can be accepted.',
    );
    expect(refusalText('release', 'Offered')).toBe(
      'This package is Offered; only a Paired package can be released.',
    );
    expect(refusalText('cancel', 'Received')).toBe(
      'This package is Received; only a package not yet Received can be cancelled.',
    );
    expect(refusalText('takeBack', 'Received')).toBe(
      'This package is Received; only an Offered or Paired package can be moved.',
    );
    expect(refusalText('receive', 'Received')).toBe('This package is already Received.');
    expect(refusalText('distribute', 'Paired')).toBe(
      'This package is Paired; only a Received package can be marked Distributed.',
    );
    expect(refusalText('withdraw', 'Offered')).toBe(
      'This package is Offered; only a Not Paired package can be deleted.',
    );
  });

  it('gives each refusal words a client can say in any language: a key and the state', () => {
    expect(refusalWords('receive', 'Received')).toEqual({
      key: 'alreadyInState',
      params: { state: 'Received' },
    });
    expect(refusalWords('withdraw', 'Offered')).toEqual({
      key: 'onlyNotPairedDeleted',
      params: { state: 'Offered' },
    });
    expect(refusalWords('cancel', 'Received')).toEqual({
      key: 'lifecycleConflict',
      params: { state: 'Received' },
    });
  });

  it('writes the states a transition starts from as a SQL list', () => {
    expect(fromStatesSql('expire')).toBe("('Not Paired', 'Offered', 'Paired')");
    expect(fromStatesSql('lapse')).toBe("('Offered')");
  });
});
