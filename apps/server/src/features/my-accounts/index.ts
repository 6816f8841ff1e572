/** What the rest of the server uses of my accounts: its routes, and the reminder job and mail. */
export { myAccountsRoutes } from './my-accounts-routes';
export { unsubscribeRoutes } from './unsubscribe-routes';
export { devReminderRoutes } from './dev-reminder-routes';
export { queueReminders, reminderIntervalMs } from './reminders';
export { reminderMailRenderer } from './reminder-mail';
