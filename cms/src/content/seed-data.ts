/**
 * Demo content for a fresh installation, written for this product (no third-party text). Every
 * review and news article is marked as demo content so nobody mistakes it for a real customer.
 */
import { DEFAULT_COLLECTION_NOTICE_TEXT } from '@permitdesk/shared/entries/collection-notice'
import { heading, list, richText } from './lexical'

const contentBlock = (title: string | undefined, ...body: Parameters<typeof richText>) => ({ blockType: 'content', heading: title, body: richText(...body) })
const callout = (title: string, text: string, linkLabel: string, href: string) => ({ blockType: 'callout', heading: title, text, linkLabel, href })
const features = (title: string, items: Array<[string, string]>) => ({
  blockType: 'features',
  heading: title,
  items: items.map(([t, x]) => ({ title: t, text: x })),
})
const prices = (title: string, rows: Array<[string, string]>) => ({ blockType: 'prices', heading: title, rows: rows.map(([item, price]) => ({ item, price })) })

export const seedPages = [
  {
    key: 'home',
    title: 'Home',
    heading: 'Trade promotion permits, handled for you',
    intro:
      'Running a competition or giveaway in Australia? We work out which state permits you need, prepare and lodge the applications, write your terms and conditions and run your prize draw.',
    description: 'Australian trade promotion lottery permits, competition terms and conditions and independent electronic prize draws, managed online.',
    blocks: [
      features('What we do', [
        ['Permits in NSW, ACT and SA', 'Answer a few questions about your promotion and we tell you which permits it needs, then prepare and lodge them.'],
        ['Terms and conditions', 'Clear, complete competition terms drafted for games of chance or skill, ready to publish.'],
        ['Random prize draws', 'An independent electronic draw with a certificate you can keep on file.'],
      ]),
      callout(
        'Check your promotion in two minutes',
        'No account needed to start: the wizard keeps your answers until you sign up.',
        'Start the wizard',
        '/promotions/game-of-chance/',
      ),
    ],
  },
  {
    key: 'about',
    title: 'About us',
    heading: 'About us',
    intro: 'We are a small team of promotions and compliance specialists who got tired of paper forms.',
    blocks: [
      contentBlock(
        'Why we built this',
        'Running a prize promotion should not mean weeks of emails with regulators. We turned the rules of each state and territory into an online service that asks the right questions once.',
        'Every application is checked by a person before it is lodged, and you can follow its progress from your dashboard.',
      ),
      contentBlock(
        'Who we work with',
        list([
          'Brands and retailers running consumer promotions',
          'Marketing and promotion agencies acting for their clients',
          'Law firms that want the paperwork handled',
          'Clubs, charities and not-for-profits',
        ]),
      ),
    ],
  },
  {
    key: 'competition-permits',
    title: 'Competition permits',
    heading: 'Trade promotion lottery permits',
    intro: 'Games of chance in some Australian states need a permit before they start. We find out which, and handle the applications.',
    blocks: [
      contentBlock(
        'Which promotions need a permit?',
        'A trade promotion lottery is a promotion where winners are chosen by chance. Depending on the total prize value and where entrants live, a permit may be needed in New South Wales, the Australian Capital Territory or South Australia.',
        'Games of skill, where entries are judged on merit, do not need a lottery permit, but they still need clear terms and conditions.',
      ),
      prices('Our fees', [
        ['Permit management (no permit required)', '$225'],
        ['Permit management, 1 state', '$245'],
        ['Permit management, 2 states', '$270'],
        ['Permit management, 3 states', '$295'],
      ]),
      callout(
        'Find out what your promotion needs',
        'Tell us the states and the prize value; we do the rest.',
        'Check my promotion',
        '/promotions/game-of-chance/',
      ),
    ],
  },
  {
    key: 'competition-terms-and-conditions',
    title: 'Competition terms and conditions',
    heading: 'Terms and conditions for your competition',
    intro: 'Well-written terms protect you and your entrants. We draft them from your answers, for games of chance and games of skill.',
    blocks: [
      contentBlock(
        'What the terms cover',
        list([
          'Who can enter and how',
          'Promotion period, draw dates and how winners are told',
          'Prizes, their value and any conditions',
          'Privacy and how entrant details are used',
          'What happens to unclaimed prizes',
        ]),
      ),
      prices('Prices', [
        ['Game of chance terms and conditions', '$255'],
        ['Game of skill terms and conditions', '$150'],
        ['Abridged terms (for ads and packaging)', '$100'],
        ['Hosted terms (we publish them for you)', '$100'],
      ]),
    ],
  },
  {
    key: 'random-draws',
    title: 'Random draws',
    heading: 'Independent electronic prize draws',
    intro: 'We draw your winners electronically, independently and on the date in your terms, and send you a draw certificate.',
    blocks: [
      contentBlock(
        'How it works',
        'Upload your list of entries before the draw date. On the day, our system draws the winners and reserve entrants at random and records the result.',
        'You receive the winners and a certificate describing the draw, which you can keep for the regulator.',
      ),
      prices('Price', [['Random draw', '$150']]),
    ],
  },
  {
    key: 'agencies',
    title: 'For agencies',
    heading: 'Permits and terms for agencies',
    intro: 'Run promotions for several clients? Manage all of them from one account, with the applicant details of each client kept ready for reuse.',
    blocks: [
      features('Built for agency work', [
        ['One login, many clients', "Reuse each client's details across promotions."],
        ['Clear invoices', 'One invoice per promotion, ready to pass on.'],
        ['A person to talk to', 'Leave your details and we will call you.'],
      ]),
    ],
  },
  {
    key: 'law-firms',
    title: 'For law firms',
    heading: 'Working with law firms',
    intro: 'We take on the permit paperwork so your team can focus on advice. Tell us about your firm and we will be in touch.',
    blocks: [
      contentBlock(
        undefined,
        'Many firms refer their clients to us for lodgement and draws while they review the terms themselves. We are happy to work either way.',
      ),
    ],
  },
  {
    key: 'privacy',
    title: 'Privacy',
    heading: 'Privacy policy',
    intro: 'This is demo text: replace it with your own policy before going live.',
    blocks: [
      contentBlock(
        'What we collect',
        'We collect the details you give us to prepare permit applications and terms: your name, organisation, contact details and the details of your promotion.',
      ),
      contentBlock(
        'How we use it',
        'We use your details only to provide the service, to send you notices about your promotions and, if you agree, occasional news. We do not sell personal information.',
      ),
      contentBlock('Analytics', 'Usage analytics run only if you agree to them in the cookie banner, and no third-party script loads before that.'),
    ],
  },
  {
    key: 'terms',
    title: 'Terms of use',
    heading: 'Terms of use',
    intro: 'This is demo text: replace it with your own terms before going live.',
    blocks: [
      contentBlock(
        'Using the service',
        'You are responsible for the accuracy of the information you give us. We prepare applications based on that information and lodge them with the regulators on your behalf.',
      ),
      contentBlock('Fees', 'Our fees are shown before you pay. Government fees are set by each regulator and passed on at cost.'),
    ],
  },
  {
    key: 'contact',
    title: 'Contact us',
    heading: 'Contact us',
    intro: 'Questions about a promotion, a permit or an invoice? Send us a message and we will reply within one business day.',
    blocks: [],
  },
  { key: 'faqs', title: 'FAQs', heading: 'Frequently asked questions', intro: 'Quick answers about permits, terms and conditions and draws.', blocks: [] },
  { key: 'news', title: 'News', heading: 'News', intro: 'Updates on trade promotion rules and on our service.', blocks: [] },
  { key: 'reviews', title: 'Reviews', heading: 'What our customers say', intro: 'Reviews left by customers on a public maps service.', blocks: [] },
]

export const seedNews = [
  {
    slug: 'welcome-to-the-new-site',
    title: 'Welcome to our new website',
    date: '2026-10-01',
    summary: 'Demo article: our new site lets you check what your promotion needs before you create an account.',
    body: richText(
      'This is a demo article created when the site was first installed. Edit or delete it in the CMS.',
      heading('What is new'),
      'You can now start the permit wizard straight from the home page, and your answers are kept until you sign up.',
    ),
  },
  {
    slug: 'planning-a-christmas-promotion',
    title: 'Planning a Christmas promotion? Start early',
    date: '2026-09-15',
    summary: 'Demo article: permits take time, and the end of the year is the busiest season for regulators.',
    body: richText(
      'This is a demo article. Regulators receive many applications before the holidays, so allow extra time.',
      list(['Decide your prize value and states first', 'Leave at least three weeks for permits', 'Book your draw date before the holidays']),
    ),
  },
  {
    slug: 'games-of-skill-explained',
    title: 'Games of skill, explained',
    date: '2026-08-20',
    summary: 'Demo article: when a competition is judged on merit, it is a game of skill and needs no lottery permit.',
    body: richText(
      'This is a demo article. A game of skill asks entrants to do something that is judged, such as writing a short answer. Because chance plays no part in choosing winners, no lottery permit is needed, but the terms must explain how entries are judged.',
    ),
  },
]

export const seedSupportItems: Array<{ kind: 'faq' | 'howto' | 'form-faq' | 'promotion-list-faq'; question: string; answer: string }> = [
  {
    kind: 'faq',
    question: 'Does my competition need a permit?',
    answer:
      'It depends on whether winners are chosen by chance, the total prize value and the states entrants live in. Our wizard asks these questions and tells you in a couple of minutes.',
  },
  {
    kind: 'faq',
    question: 'How long does a permit take?',
    answer: 'Most permits are issued within two to three weeks of lodgement. Leave extra time before public holidays.',
  },
  {
    kind: 'faq',
    question: 'What is the difference between a game of chance and a game of skill?',
    answer: 'In a game of chance winners are drawn at random. In a game of skill entries are judged on merit. Only games of chance can need lottery permits.',
  },
  {
    kind: 'faq',
    question: 'Can you draw the winners for us?',
    answer: 'Yes. Our electronic random draw picks winners and reserves on the date in your terms, and you receive a draw certificate.',
  },
  {
    kind: 'faq',
    question: 'Do I need an account to get started?',
    answer: 'No. You can use the wizard straight away; create an account when you are ready to submit.',
  },
  { kind: 'faq', question: 'How do I pay?', answer: 'By card when you submit, or by BPAY. Promotions paid by BPAY start once the payment has cleared.' },
  {
    kind: 'howto',
    question: 'How to create a promotion',
    answer: 'Choose game of chance or game of skill, pick the states and enter the total prize value. The wizard shows which permits and services you need.',
  },
  {
    kind: 'howto',
    question: 'How to upload your entries for a draw',
    answer: 'Open the promotion dashboard, go to the draw section and upload your entry list as a spreadsheet before the draw date.',
  },
  { kind: 'form-faq', question: 'What is the total prize value?', answer: 'The combined retail value of every prize, including GST.' },
  {
    kind: 'form-faq',
    question: 'Why do you ask which states are included?',
    answer: 'Permit rules differ by state and territory, so we need to know where entrants can live.',
  },
  {
    kind: 'promotion-list-faq',
    question: 'What do the statuses mean?',
    answer: 'Each promotion shows where it is: being completed, ready to submit, submitted, or approved.',
  },
  {
    kind: 'promotion-list-faq',
    question: 'Can I copy an old promotion?',
    answer: 'Yes. When you create a new one you can reuse the applicant details of an earlier promotion.',
  },
  {
    kind: 'promotion-list-faq',
    question: 'How do I archive a promotion?',
    answer: 'Use the archive action on the promotion. Archived promotions stay available under Archive.',
  },
  { kind: 'promotion-list-faq', question: 'Where are my invoices?', answer: 'Each promotion dashboard lists its invoices, which you can download or e-mail.' },
  {
    kind: 'promotion-list-faq',
    question: 'How do I add a permit number?',
    answer: 'When a regulator issues a permit, add its number on the promotion dashboard so it appears in your terms.',
  },
  {
    kind: 'promotion-list-faq',
    question: 'Can I change a submitted promotion?',
    answer: 'Yes, through the modify option. Some changes need an amended application.',
  },
  { kind: 'promotion-list-faq', question: 'Who can see my promotions?', answer: 'Only you and our staff who prepare your applications.' },
  { kind: 'promotion-list-faq', question: 'How do I get help?', answer: 'Use the contact page, or call us during business hours.' },
]

const LONG_TEXT =
  'Demo review. We had never run a prize promotion across several states before and were worried about getting the permits wrong. The wizard asked plain questions, told us straight away that we needed permits in two places, and the team lodged everything for us. When the regulator asked a follow-up question they answered it the same day. The draw was done on time and the certificate was waiting in our inbox the next morning, which made our compliance team very happy indeed.'

/** Demo reviews (authors and companies are invented). Times are epoch seconds. */
export const seedReviews = [
  {
    authorId: 'demo-1001',
    time: 1_718_000_000,
    rating: 5,
    authorName: 'Dana Whitfield',
    jobTitle: 'Marketing Manager',
    companyName: 'Harbourside Cafe (demo)',
    logoKey: 'harbourside',
    companyUrl: 'https://example.com/harbourside',
    text: LONG_TEXT,
  },
  {
    authorId: 'demo-1002',
    time: 1_690_000_000,
    rating: 5,
    authorName: 'Priya Raman',
    jobTitle: 'Brand Lead',
    companyName: 'Southern Cross Outfitters (demo)',
    logoKey: 'southern-cross',
    companyUrl: 'https://example.com/southern-cross',
    text: 'Demo review. Quick, clear and friendly. Our permit was sorted well before launch.',
  },
  {
    authorId: 'demo-1003',
    time: 1_650_000_000,
    rating: 5,
    authorName: 'Tom Okafor',
    jobTitle: '',
    companyName: 'Bluegum Brewing (demo)',
    logoKey: 'bluegum',
    companyUrl: null,
    text: '',
  },
  {
    authorId: 'demo-1004',
    time: 1_600_000_000,
    rating: 5,
    authorName: 'Mei Chen',
    jobTitle: 'Account Director',
    companyName: 'Paper Kite Agency (demo)',
    logoKey: null,
    companyUrl: 'https://example.com/paper-kite',
    text: 'Demo review. We run promotions for a dozen clients and this is now the only way we handle permits.',
  },
  {
    authorId: 'demo-1005',
    time: 1_560_000_000,
    rating: 5,
    authorName: 'Liam Gallagher-Brown',
    jobTitle: 'Owner',
    companyName: 'Coastline Surf Co (demo)',
    logoKey: null,
    companyUrl: null,
    text: 'Demo review. The terms and conditions were ready in a day and easy to read.',
  },
  {
    authorId: 'demo-1006',
    time: 1_500_000_000,
    rating: 5,
    authorName: 'Sofia Marquez',
    jobTitle: 'Events Coordinator',
    companyName: 'Redgum Festival (demo)',
    logoKey: null,
    companyUrl: 'https://example.com/redgum',
    text: 'Demo review. The random draw service saved us a trip to a scrutineer. Highly recommended.',
  },
]

/** Small invented logos for the demo reviews. */
export const seedLogos: Record<string, { alt: string; svg: string }> = {
  harbourside: { alt: 'Harbourside Cafe logo (demo)', svg: logo('#0b6e4f', 'HC') },
  'southern-cross': { alt: 'Southern Cross Outfitters logo (demo)', svg: logo('#14213d', 'SC') },
  bluegum: { alt: 'Bluegum Brewing logo (demo)', svg: logo('#7a4b00', 'BB') },
}

function logo(colour: string, initials: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="16" fill="${colour}"/><text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`
}

export const seedSettings = {
  productName: 'PermitDesk',
  legalName: 'PermitDesk Pty Ltd (demo)',
  abn: '51 824 753 556',
  address: { streetAddress: 'Level 2, 10 Example Street', locality: 'Sydney', region: 'NSW', postalCode: '2000', country: 'AU' },
  phone1: '1300 000 000',
  phone2: '02 9000 0000',
  email: 'support@permitdesk.example',
  mapUrl: 'https://maps.example.com/?q=PermitDesk',
  socialLinks: [{ label: 'LinkedIn', url: 'https://www.linkedin.com/company/permitdesk-example' }],
  businessHours: { days: 'Monday to Friday', opens: '08:00', closes: '18:00' },
  reviewRating: 5,
  reviewCount: 123,
  bip: false,
  disabledAuthors: [],
  entryCollectionNotice: DEFAULT_COLLECTION_NOTICE_TEXT,
}
