/**
 * Who the charity is, as every email about money and the Direct Debit pages state it:
 * its name and registered charity number (Settings), and its contact details (Contact).
 */
import { getContactDetails } from "../contact/index.ts";
import { getSiteSettings } from "../settings/index.ts";

export interface CharityDetails {
  name: string;
  number: string;
  email: string;
  phone: string;
  /** The postal address, one line per item. */
  address: string[];
}

export async function charityDetails(request?: object): Promise<CharityDetails> {
  const [settings, contact] = await Promise.all([getSiteSettings(request), getContactDetails()]);
  return {
    name: settings.site_name,
    number: settings.charity_number,
    email: settings.contact_email,
    phone: contact.phone,
    address: contact.address
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/** "Millbrook Community Foundation, registered charity number 1198472" (the closing line of a money email). */
export function registeredCharityLine(charity: CharityDetails): string {
  return charity.number ? `${charity.name}, registered charity number ${charity.number}` : `${charity.name}, a registered charity`;
}
