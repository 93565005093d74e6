import { isIdText, isUuidText } from "#common/ids";

export { isIdText, isUuidText };

/** A record's id from the address: anything but a positive whole number names nothing (404), without asking the API. */
export function idOf(text: string | undefined): string {
  if (!isIdText(text)) throw new Response("Not found", { status: 404 });
  return text;
}
