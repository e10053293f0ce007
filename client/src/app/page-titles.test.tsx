import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';

describe('page titles', () => {
  it.each([
    ['/contact', 'Contact us', 'Contact us · AlmQuest'],
    ['/personainfo', 'Who does what', 'Who does what · AlmQuest'],
  ])('names %s in the tab', async (path, heading, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });
});
