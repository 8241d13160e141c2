/** The marketing feature's public entry: the section frame, card style and icons other pages reuse. */
export { Section, cardClass } from './section.tsx';
export { MarketingIcon } from './marketing-icon.tsx';
export { ShowcaseIcon } from './showcase-icon.tsx';
