// Markdown for the club's content (news bodies, biographies), rendered where pages are drawn: on the
// server for every answer and feed, and in the build for the first drawings. Never shipped to the
// browser: pages receive the sanitised HTML.
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Raw HTML off: a `<script>` typed into a news body is shown as text, never passed through.
// Links are only http(s) and mailto; markdown-it's own check already drops `javascript:`.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** What may survive in rendered Markdown: text structure and links, nothing that runs. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'del', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Headings start at h2: h1 is the page's own title.
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
};

/** Markdown (no raw HTML) as sanitised HTML: no script, no event attribute, links `rel="noopener"`. */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text), ALLOWED);
}
