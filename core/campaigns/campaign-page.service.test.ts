import { describe, expect, test } from 'vitest';
import { summaryOf } from './campaign-page.service';

describe('the link preview summary', () => {
  test.each([
    { story: 'Short story.', summary: 'Short story.' },
    { story: '  Spaces\n\nand   lines  ', summary: 'Spaces and lines' },
    {
      story: 'Every week our volunteers cook and deliver warm meals, to families across the city, all winter long.',
      length: 60,
      summary: 'Every week our volunteers cook and deliver warm meals, to…',
    },
    { story: 'x'.repeat(30), length: 10, summary: `${'x'.repeat(9)}…` },
  ])('$story → $summary', ({ story, summary, length }) => {
    expect(summaryOf(story, length)).toBe(summary);
  });
});
