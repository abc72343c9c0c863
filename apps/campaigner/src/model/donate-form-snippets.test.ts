import { describe, expect, it } from 'vitest';
import { donateFormSnippetsOf } from './donate-form-snippets';

describe('the donate form snippets a nonprofit pastes', () => {
  it('loads the button script from the platform with the campaign, and frames the form', () => {
    const snippets = donateFormSnippetsOf('https://causeway.example', 'camp-1', 'Warm meals');
    expect(snippets.button).toBe(
      '<script src="https://causeway.example/embed/donate-button.js" data-campaign="camp-1" async></script>',
    );
    expect(snippets.frame).toContain('src="https://causeway.example/campaign/camp-1/donate-form"');
    expect(snippets.frame).toContain('title="Donate: Warm meals"');
  });

  it('keeps a title or id from breaking out of its attribute', () => {
    const snippets = donateFormSnippetsOf('https://causeway.example', 'a"b', 'Meals "now" <b>');
    expect(snippets.button).toContain('data-campaign="a&quot;b"');
    expect(snippets.frame).toContain('/campaign/a%22b/donate-form');
    expect(snippets.frame).toContain('title="Donate: Meals &quot;now&quot; &lt;b&gt;"');
  });
});
