/**
 * Two news posts for a fresh install, so the News page and the home page show what a
 * post looks like. Dated relative to the first start; staff edit or delete them like any
 * other post.
 */
export interface SampleNewsPost {
  slug: string;
  title: string;
  summary: string;
  body: string;
  image: string;
  image_alt: string;
  author: string;
  /** How many days before the first start the post was published. */
  daysAgo: number;
}

export const SAMPLE_NEWS: SampleNewsPost[] = [
  {
    slug: "community-garden-breaks-ground",
    title: "The community garden breaks ground",
    summary: "Volunteers cleared the old allotment behind the library and planted the first raised beds. Here is what happens next.",
    body:
      "<p>Thank you to the twenty-three neighbours who turned up with spades, gloves and flasks of tea. In one morning the old allotment behind the library went from brambles to six raised beds.</p>" +
      "<h2>What happens next</h2>" +
      "<ul><li>Paths laid with recycled bark</li><li>A water butt on the library roof gutter</li><li>Beds for the primary school and the youth club</li></ul>" +
      "<p>Work mornings are on the first Saturday of each month. Everyone is welcome: no experience needed.</p>" +
      "<blockquote><p>It is the first time some of us have met our neighbours properly.</p></blockquote>" +
      '<p>Read more about the garden on our <a href="/causes">local causes</a> page.</p>',
    image: "/images/causes/community-garden.svg",
    image_alt: "Illustration of raised vegetable beds with volunteers at work",
    author: "Margaret Ellison",
    daysAgo: 3,
  },
  {
    slug: "warm-spaces-open-for-winter",
    title: "Warm Spaces open again for the winter",
    summary: "Hot drinks, soup and a friendly welcome at the library and the church hall, every weekday afternoon until March.",
    body:
      "<p>Our Warm Spaces are open again at the library and St Mary's church hall, every weekday from 1pm to 5pm.</p>" +
      "<p>There is no need to book and nobody will ask why you came. Bring a book, play a board game, or just sit somewhere warm.</p>" +
      "<h2>Could you help?</h2>" +
      "<p>We need volunteers for two-hour shifts. Find out more on the <a href=\"/support\">Support Us</a> page.</p>",
    image: "/images/causes/warm-spaces.svg",
    image_alt: "Illustration of people sharing hot drinks around a table in a warm hall",
    author: "Sophie Turner",
    daysAgo: 12,
  },
];
