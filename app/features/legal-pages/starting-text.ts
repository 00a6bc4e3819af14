/**
 * The legal pages' starting texts, written once, the first time the site starts with the
 * section (./sample.server.ts); after that the pages show only what staff keep.
 *
 * Bodies use the simple markup of app/components/site/simple-markup.tsx: "## " starts a
 * heading, "- " a list item, a blank line a new paragraph; web and email addresses become
 * links. In the privacy notice, {volunteer_retention}, {stall_application_retention} and
 * {nomination_retention} show the retention periods from the data protection settings.
 */
import type { LegalSlug } from "../../content/legal-pages.ts";
import { FOUNDATION } from "../../content/sample-content.ts";

const PRIVACY = `This notice explains what personal information ${FOUNDATION.name} collects through this website, why, how long we keep it and what your rights are under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.

## Who we are

${FOUNDATION.name} is a registered charity in England and Wales (charity number ${FOUNDATION.charityNumber}), at ${FOUNDATION.address.join(", ")}. We are the data controller for the information described here. You can contact us about your data at ${FOUNDATION.contactEmail} or on ${FOUNDATION.phone}.

## What we collect and why

- Volunteer form: your name, email address, phone number, the roles and times you are interested in and anything you tell us about yourself. We use it to arrange volunteering with you. Our lawful basis is your consent, which you give when you send the form.
- Stall application form: your name, business name, contact details, what you make, the fairs and stall you would like and photos of your work. We use it to decide on applications and to run the fairs. Our lawful basis is taking steps, at your request, towards an agreement with you.
- Award nomination form: your name and contact details, and the nominee's name, contact details and the reasons for the nomination, with any documents you attach. We use it so the judging panel can consider the nomination and contact the people involved. Our lawful basis is our legitimate interest in running the Community Awards.
- Donation form: your name, email address, the amount and, if you choose Gift Aid, your home address and postcode. Card details go straight to our payment provider and never reach us. We use this to take and acknowledge your gift and to claim Gift Aid. Our lawful bases are a contract with you and, for Gift Aid records, a legal obligation.

## Visitor figures

To see which pages are read and how people find us, the website counts its own page views: the page, the website that linked to it, any campaign tag in its address and whether you use a phone, a tablet or a computer. A visitor is counted once a day through a code made from your internet address and browser with a secret that changes every day and is never stored; your internet address and browser details are not kept. No cookie is set and nothing is stored in your browser. We use the figures for statistical purposes only, to improve the website. Page views are kept for 13 months, then only as daily totals. Browsers that send a Global Privacy Control or Do Not Track signal are not counted. You can object at any time on the visitor figures page (/privacy/visitor-counting): we then stop counting your browser.

## How long we keep it

- Volunteer forms: {volunteer_retention} after the last change.
- Stall applications: {stall_application_retention} after the last change.
- Nominations: {nomination_retention} after the last change.
- Donations: records we need for Gift Aid and our accounts are kept for six years after the end of the financial year they belong to, as HMRC requires.

After that the information is deleted.

## Who sees it

Only our trustees and the volunteers who run the activity concerned. We do not sell or share your information, except with the payment provider that processes donations and, for Gift Aid, with HMRC.

## Your rights

You have the right to ask for a copy of your information, to have it corrected or deleted, to object to or restrict how we use it, and to withdraw your consent at any time. Email ${FOUNDATION.contactEmail} and we will reply within one month.

## How to complain

If you are unhappy with how we have handled your information, please tell us first with the "Raise a data protection concern" form (linked below and at the foot of every page): we acknowledge it at once and give you our answer within 30 days at most. You also have the right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator: https://ico.org.uk/make-a-complaint/ or 0303 123 1113.`;

const VOLUNTEER_TERMS = `Thank you for offering to volunteer with ${FOUNDATION.name}. These terms explain what you can expect from us and what we ask of you. They are not a contract of employment.

## What we will do

- Explain your role and introduce you to an experienced volunteer at your first event.
- Give you any training and safety briefing your role needs.
- Cover reasonable expenses agreed in advance, such as travel on our behalf.
- Insure you while you volunteer at our events.

## What we ask of you

- Let us know as early as you can if you cannot make a session.
- Follow the safety instructions given on the day.
- Treat everyone you meet with courtesy and respect.
- Keep private anything you learn about the people we help.

## Your details

We keep the details you give us to arrange volunteering, as described in our privacy notice. You can stop volunteering at any time: just tell us.`;

const STALLHOLDER_TERMS = `These terms apply to every stall at a ${FOUNDATION.name} craft fair.

## Applying and paying

- Applying does not guarantee a stall. We choose stallholders to give visitors a varied fair.
- If your application is accepted, we will tell you how to pay the stall fee. Your stall is confirmed once the fee is paid.
- Fees are refunded if we cancel a fair. If you cancel at least 14 days before the fair, we refund your fee; after that we cannot.

## On the day

- Arrive during the setup time we give you and stay until the fair closes.
- Bring your own table covering and display; tables are provided.
- Any electrical items must be safe and tested.
- You are responsible for your goods and for any public liability insurance your trade needs.
- Leave your pitch clean and tidy.

## What you sell

- Everything you sell must be made or finished by you.
- Food must be labelled with its ingredients and allergens.

Stall fees go to the Community Fund.`;

const ACCESSIBILITY = `${FOUNDATION.name} wants everyone to be able to use this website.

## How accessible this website is

We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. You should be able to:

- make text larger and zoom in up to 400% without the text spilling off the screen
- move around the website using just a keyboard
- use the website with a screen reader
- use every form without JavaScript

## If something does not work for you

If you find a page or document you cannot use, or you need information in another format, email ${FOUNDATION.contactEmail} or call ${FOUNDATION.phone}. We will reply within 5 working days.

## Enforcement

If you are not happy with our reply, contact the Equality Advisory and Support Service (EASS): https://www.equalityadvisoryservice.com/`;

const COOKIES = `## Cookies on this website

The public website sets no tracking or advertising cookies, and no cookies from other companies. We do not use analytics that follow you between websites.

## The cookies we do use

- Staff who sign in to manage the website get a session cookie that keeps them signed in. It is deleted when they sign out or after a period of inactivity.

- A visitor who asks us not to count their visits (on the visitor figures page, /privacy/visitor-counting) gets one cookie that records that choice for a year, and nothing else.

Visitors who only read the website or send a form get no cookies at all, so we do not ask you to accept any. The website counts its page views without cookies (see the privacy notice).

## Questions

If you have any questions, email ${FOUNDATION.contactEmail}.`;

export const LEGAL_STARTING_TEXT: Record<LegalSlug, string> = {
  privacy: PRIVACY,
  "volunteer-terms": VOLUNTEER_TERMS,
  "stallholder-terms": STALLHOLDER_TERMS,
  accessibility: ACCESSIBILITY,
  cookies: COOKIES,
};
