/**
 * Page copy for the public site that is structured data (figures, values, timeline,
 * FAQs). Business figures come from spec section 9.
 */
export const HOME_STATS = [
  { value: "£7.2k+", label: "raised for Millbrook" },
  { value: "7", label: "local groups funded" },
  { value: "2023", label: "the year neighbours started it" },
  { value: "7", label: "dedicated volunteers" },
] as const;

export const CORE_VALUES = [
  {
    title: "Local first",
    body: "Every pound we raise is spent in Millbrook, on people and projects our neighbours care about. We know the groups we fund because they are run by people we see at the school gate and the Saturday market.",
  },
  {
    title: "Open and honest",
    body: "We publish who we fund and how much, our trustees are volunteers, and our accounts are filed every year with the Charity Commission for anyone to read.",
  },
  {
    title: "Everyone welcome",
    body: "Our events are priced so families can come along, some are free, and there is always a job for anyone who would like to help, whatever their age or experience.",
  },
] as const;

export const TIMELINE = [
  {
    year: "2023",
    title: "A conversation on Market Street",
    body: "A handful of neighbours met in the Old Corn Exchange to talk about how Millbrook could look after its own. By the autumn we were a registered charity with four trustees and a first quiz night that sold out in a week.",
  },
  {
    year: "2024",
    title: "The Community Fund opens",
    body: "Our first grants went to the primary school library, the over-60s lunch club and the Millbrook Players. The Summer Fair came back to the green, and the first Community Awards celebrated the people who hold the town together.",
  },
  {
    year: "2025",
    title: "Growing together",
    body: "Craft fairs gave local makers a place to sell, the Warm Spaces project opened its doors for the winter, and four more groups received grants, bringing the total raised for Millbrook to over £7,000.",
  },
] as const;

export const IMPACT_FIGURES = [
  { value: "£7,200+", label: "raised since 2023" },
  { value: "7", label: "local groups funded" },
  { value: "1,800+", label: "people at our events" },
  { value: "75%", label: "of money raised goes to the Community Fund" },
] as const;

export const FUND_FACTS = {
  shareToFund: "75%",
  target: "£10,000",
  targetYear: 2030,
} as const;

export const HOST_EVENT_EMAIL = "events@millbrookfoundation.org.uk";
export const CRAFT_FAIRS_EMAIL = "craftfairs@millbrookfoundation.org.uk";
export const AWARDS_EMAIL = "awards@millbrookfoundation.org.uk";
export const FUND_EMAIL = "fund@millbrookfoundation.org.uk";
export const TRUSTEES_EMAIL = "trustees@millbrookfoundation.org.uk";

export const SUPPORT_FAQ = [
  {
    q: "How is my donation used?",
    a: "Three quarters (75%) of all we raise goes to local groups as grants from the Community Fund; the rest covers the essential costs of running events, such as hall hire and insurance. Our trustees are volunteers and are never paid.",
  },
  {
    q: "Is my donation secure?",
    a: "Yes. Donations are processed through a secure card payment provider; your card details never touch our website and we never store them.",
  },
  {
    q: "Can I claim Gift Aid?",
    a: "If you are a UK taxpayer, Gift Aid lets us claim an extra 25p from the government for every £1 you give, at no cost to you. Just tick the Gift Aid box when you donate.",
  },
  {
    q: "Can I cancel a monthly donation?",
    a: "Of course. You can stop or change a monthly donation at any time by emailing us or calling the office, and we will confirm the change in writing.",
  },
  {
    q: "Do I need any experience to volunteer?",
    a: "Not at all. We will match you with a role that suits your time and interests, pair you with an experienced volunteer at your first event, and provide any training you need.",
  },
] as const;

/** The starting awards round's time and venue (its dates follow the install date: app/features/awards/sample.server.ts). */
export const AWARDS_DATES = {
  ceremonyTime: "7pm to midnight",
  venue: "Millbrook Town Hall",
} as const;

export const CRAFT_FAIR_TESTIMONIALS = [
  {
    quote: "The best-organised fair I have done in years. Friendly helpers, a busy hall and I sold out of mugs by two o'clock.",
    name: "Helen Marsh",
    business: "Marsh Pottery",
  },
  {
    quote: "As a first-time stallholder I was nervous, but the team made me feel so welcome. I have already booked for the next one.",
    name: "Kwame Asante",
    business: "Asante Woodcraft",
  },
  {
    quote: "A lovely atmosphere, and knowing the stall fees go to the Community Fund makes it even better.",
    name: "Lucy Fernandes",
    business: "Wild Meadow Candles",
  },
] as const;
