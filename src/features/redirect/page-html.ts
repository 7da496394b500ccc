import { escapeHtml as e } from '../../lib/html.js';

/** A link styled as a full-width button: every hosted page's call to action. */
export const button = (href: string, label: string, extra = '') =>
  `<a class="button" href="${e(href)}"${extra}>${e(label)}</a>`;

/** A paragraph of the owner's text, line breaks kept; nothing when there is none. */
export const paragraph = (text: string | undefined) => (text ? `<p class="text">${e(text)}</p>` : '');
