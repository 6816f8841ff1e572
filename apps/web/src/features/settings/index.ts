/** What another screen may use of the site settings: the contact form a council's profile shares. */
export { HelplineForm, type ContactFormValues } from './HelplineForm';
