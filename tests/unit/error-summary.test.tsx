// The shared error summary (src/islands/shared/ErrorSummary.tsx), rendered to HTML as React renders it.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ErrorSummary from '../../src/islands/shared/ErrorSummary.tsx';

describe('ErrorSummary', () => {
  it('lists each message as a link to its field, under the title, announced as an alert and focusable', () => {
    const html = renderToStaticMarkup(
      <ErrorSummary
        title="There is a problem"
        errors={[
          { field: 'zip', text: 'Invalid ZIP. Please enter a new ZIP.' },
          { field: 'policy-number', text: 'The Policy number field is required' },
        ]}
      />,
    );
    expect(html).toBe(
      '<div class="error-summary" tabindex="-1"><div role="alert">' +
        '<h2 class="error-summary__title">There is a problem</h2>' +
        '<ul class="error-summary__list">' +
        '<li><a href="#zip">Invalid ZIP. Please enter a new ZIP.</a></li>' +
        '<li><a href="#policy-number">The Policy number field is required</a></li>' +
        '</ul></div></div>',
    );
  });

  it('shows a message that belongs to no field as text, and the description above the list', () => {
    const html = renderToStaticMarkup(
      <ErrorSummary title="Hay un problema" description={<p>Corrija 1 campo.</p>} errors={[{ text: 'El servidor no respondió.' }, { field: 'f-en-title', text: 'Título: obligatorio' }]} />,
    );
    expect(html).toContain('<h2 class="error-summary__title">Hay un problema</h2><div class="error-summary__body"><p>Corrija 1 campo.</p></div>');
    expect(html).toContain('<li>El servidor no respondió.</li>');
    expect(html).toContain('<li><a href="#f-en-title">Título: obligatorio</a></li>');
  });

  it('escapes the messages (they may quote what the reader typed)', () => {
    const html = renderToStaticMarkup(<ErrorSummary title="There is a problem" errors={[{ field: 'vin', text: '<b>1HGCM</b> is not a VIN' }]} />);
    expect(html).toContain('<a href="#vin">&lt;b&gt;1HGCM&lt;/b&gt; is not a VIN</a>');
  });

  it('renders nothing when there is nothing to say', () => {
    expect(renderToStaticMarkup(<ErrorSummary title="There is a problem" errors={[]} />)).toBe('');
    expect(renderToStaticMarkup(<ErrorSummary title="There is a problem" errors={[]} description={<p>The save failed.</p>} />)).toContain('The save failed.');
  });
});
