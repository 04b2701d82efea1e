import type { QboFault, QboFaultError } from './entities';

// QuickBooks sometimes answers in XML although the request asked for JSON (Accept:
// application/json): throttling (HTTP 429 or 403, code 3001) and some 401s come as
//   <IntuitResponse time="…"><Fault type="SERVICE"><Error code="3001">
//     <Message>message=ThrottleExceeded; errorCode=003001; statusCode=403</Message>
//     <Detail>The request limit was reached.  Try again later</Detail></Error></Fault></IntuitResponse>
// Only that fault shape is read here; anything else in XML is not a fault.

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return entities[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** The attribute's value in an opening tag's text (`type="SERVICE"`), or ''. */
function attribute(openingTag: string, name: string): string {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(openingTag);
  return decodeXmlText(match?.[1] ?? match?.[2] ?? '');
}

/** The text of the first `<name>…</name>` (any namespace prefix) inside `xml`, or ''. */
function childText(xml: string, name: string): string {
  const match = new RegExp(`<(?:\\w+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${name}\\s*>`, 'i').exec(xml);
  return match?.[1] ? decodeXmlText(match[1]) : '';
}

/** True when the text looks like markup (XML or HTML) rather than a message. */
export function looksLikeMarkup(text: string): boolean {
  return /^\s*(<\?xml|<!doctype|<[a-z][\w:-]*[\s>/])/i.test(text);
}

/** Reads a QuickBooks XML fault (IntuitResponse › Fault › Error), or null when the text holds none. */
export function parseXmlFault(text: string): QboFault | null {
  if (!looksLikeMarkup(text)) return null;
  const fault = /<(?:\w+:)?Fault(\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?Fault\s*>/i.exec(text);
  if (!fault) return null;
  const errors: QboFaultError[] = [];
  const errorPattern = /<(?:\w+:)?Error(\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?Error\s*>/gi;
  for (let match = errorPattern.exec(fault[2] ?? ''); match; match = errorPattern.exec(fault[2] ?? '')) {
    const opening = match[1] ?? '';
    const inner = match[2] ?? '';
    errors.push({
      message: childText(inner, 'Message'),
      detail: childText(inner, 'Detail'),
      code: attribute(opening, 'code') || childText(inner, 'code'),
      element: attribute(opening, 'element') || null,
    });
  }
  return { type: attribute(fault[1] ?? '', 'type'), errors };
}
