/**
 * The product's mails share one plain layout: a greeting, a few short paragraphs, at most
 * one button-like link, and a closing line. Text and HTML are built from the same parts so
 * they never say different things; every value is escaped for HTML.
 */
import type { MailMessage } from './mailer';

export interface MailContent {
  to: string;
  subject: string;
  /** `Hello Asha,` */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A last line under the action, for example how long the link is valid. */
  footnote?: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

export function composeMail(content: MailContent): Omit<MailMessage, 'messageId' | 'headers'> {
  const { action, footnote } = content;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footnote ? [footnote] : []),
    '— Duly',
  ].join('\n\n');

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">',
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    action
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or open this link: ${escapeHtml(action.url)}</p>`
      : '',
    footnote ? paragraph(footnote) : '',
    paragraph('— Duly'),
    '</body></html>',
  ].join('');

  return { to: content.to, subject: content.subject, text, html };
}
