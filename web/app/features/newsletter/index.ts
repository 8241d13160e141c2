// chunk: shell
/** The newsletter feature's public entry: the signup form (the site footer shows it on every page). */
export { NewsletterForm } from './newsletter-form.tsx';
