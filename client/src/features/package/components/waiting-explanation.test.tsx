import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { WaitingExplanation } from './waiting-explanation';

function renderIt(
  explanation: Parameters<typeof WaitingExplanation>[0]['explanation'],
  travelCapacity = 5,
) {
  const onWiden = vi.fn();
  const onSplit = vi.fn();
  render(
    <I18nProvider>
      <WaitingExplanation
        explanation={explanation}
        quantity={100}
        travelCapacity={travelCapacity}
        isPending={false}
        onWiden={onWiden}
        onSplit={onSplit}
      />
    </I18nProvider>,
  );
  return { onWiden, onSplit };
}

describe('why a package waits', () => {
  it('says how many are in reach, active and with room, and offers splitting in one tap', async () => {
    const actor = userEvent.setup();
    const { onSplit } = renderIt({
      withinReach: 4,
      active: 3,
      turnedDown: 0,
      withRoom: 0,
      largestNow: 60,
      nearestOutOfReach: null,
      partsAtLimit: null,
      suggestions: [{ kind: 'split' }, { kind: 'wait', until: '2026-11-25T14:00:00.000Z' }],
    });
    const section = screen.getByRole('region', { name: 'Why it is still waiting' });
    expect(section).toHaveTextContent('4 distributors are within reach.');
    expect(section).toHaveTextContent('3 of them are taking packages now.');
    expect(section).toHaveTextContent('None has room for 100 meals.');
    expect(section).toHaveTextContent('The most one can take now is 60 meals.');
    expect(section).toHaveTextContent(/we will keep looking until/);
    expect(screen.queryByRole('button', { name: /Widen/ })).toBeNull();
    await actor.click(screen.getByRole('button', { name: 'Allow splitting' }));
    expect(onSplit).toHaveBeenCalledOnce();
  });

  it('names how much farther would reach someone, and widens to it in one tap', async () => {
    const actor = userEvent.setup();
    const { onWiden } = renderIt({
      withinReach: 0,
      active: 0,
      turnedDown: 0,
      withRoom: 0,
      largestNow: null,
      nearestOutOfReach: { distanceKm: 30, travelKm: 28 },
      partsAtLimit: null,
      suggestions: [
        { kind: 'widen', travelCapacity: 28 },
        { kind: 'wait', until: '2026-11-25T14:00:00.000Z' },
      ],
    });
    expect(screen.getByText('No distributor is within reach.')).toBeInTheDocument();
    expect(screen.queryByText(/taking packages now/)).toBeNull();
    expect(
      screen.getByText(
        'A distributor 30 km away has room: they can be reached if you travel 28 km.',
      ),
    ).toBeInTheDocument();
    // 23 km farther than now: asked once more, and "Not now" gives the focus back.
    await actor.click(screen.getByRole('button', { name: 'Widen to 28 km' }));
    expect(onWiden).not.toHaveBeenCalled();
    expect(
      screen.getByText('You would travel up to 28 km to the meet point (now 5 km).'),
    ).toHaveFocus();
    await actor.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onWiden).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Widen to 28 km' })).toHaveFocus(),
    );
    await actor.click(screen.getByRole('button', { name: 'Widen to 28 km' }));
    await actor.click(screen.getByRole('button', { name: 'Yes, widen to 28 km' }));
    expect(onWiden).toHaveBeenCalledWith(28);
  });

  it('widens a few km farther in one tap', async () => {
    const actor = userEvent.setup();
    const { onWiden } = renderIt(
      {
        withinReach: 0,
        active: 0,
        turnedDown: 0,
        withRoom: 0,
        largestNow: null,
        nearestOutOfReach: { distanceKm: 30, travelKm: 28 },
        partsAtLimit: null,
        suggestions: [{ kind: 'widen', travelCapacity: 28 }],
      },
      25,
    );
    await actor.click(screen.getByRole('button', { name: 'Widen to 28 km' }));
    expect(onWiden).toHaveBeenCalledWith(28);
  });

  it('counts who turned it down apart from who has no room, and says when a donation is in its most parts', () => {
    renderIt({
      withinReach: 2,
      active: 2,
      turnedDown: 1,
      withRoom: 0,
      largestNow: null,
      nearestOutOfReach: null,
      partsAtLimit: 5,
      suggestions: [{ kind: 'wait', until: '2026-11-25T14:00:00.000Z' }],
    });
    const section = screen.getByRole('region', { name: 'Why it is still waiting' });
    expect(section).toHaveTextContent('1 of them turned it down or gave it back.');
    expect(section).toHaveTextContent(
      'The other 5 parts of your donation are as many as it can be split into: these 100 meals wait for one distributor with room for all of them.',
    );
    expect(screen.queryByRole('button', { name: 'Allow splitting' })).toBeNull();
    // Waiting is all there is to do: no "Or".
    expect(section).toHaveTextContent(/\bWe will keep looking until/);
    expect(section).not.toHaveTextContent(/Or wait/);
  });
});
