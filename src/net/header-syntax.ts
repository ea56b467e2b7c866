/** RFC 9110 §5.1: a field name is a token. */
export const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * RFC 9110 §5.5: a field value is visible characters, spaces and tabs, in the octets HTTP/1.1 carries
 * (no CR, LF, NUL or other controls; nothing beyond Latin-1, which no request could send).
 */
export const HTTP_FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Why a header cannot be sent, or undefined: the same rule where a test is read, saved and sent. */
export function headerProblem(name: string, value: string): string | undefined {
  if (!HTTP_TOKEN.test(name))
    return `the header name ${JSON.stringify(name)} is not an HTTP token (RFC 9110 §5.1: letters, digits and !#$%&'*+.^_\`|~- only; no colon or space)`;
  if (!HTTP_FIELD_VALUE.test(value))
    return `the value of header ${JSON.stringify(name)} has CR, LF or another character a header cannot carry (RFC 9110 §5.5)`;
  return undefined;
}
