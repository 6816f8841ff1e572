import shell from './shell/zh.json' with { type: 'json' };
import forms from './forms/zh.json' with { type: 'json' };
import names from './names/zh.json' with { type: 'json' };
import search from './search/zh.json' with { type: 'json' };
import cart from './cart/zh.json' with { type: 'json' };
import checkout from './checkout/zh.json' with { type: 'json' };
import payments from './payments/zh.json' with { type: 'json' };
import receipts from './receipts/zh.json' with { type: 'json' };
import accounts from './accounts/zh.json' with { type: 'json' };
import history from './history/zh.json' with { type: 'json' };
import licences from './licences/zh.json' with { type: 'json' };
import myAccounts from './my-accounts/zh.json' with { type: 'json' };
import content from './content/zh.json' with { type: 'json' };

/** Each part of the words, as the web app fetches it (docs/words.md). */
export const parts = {
  shell,
  forms,
  names,
  search,
  cart,
  checkout,
  payments,
  receipts,
  accounts,
  history,
  licences,
  myAccounts,
  content,
};

/** The whole catalogue of one language, joined from its parts. */
export default {
  ...shell,
  ...forms,
  ...names,
  ...search,
  ...cart,
  ...checkout,
  ...payments,
  ...receipts,
  ...accounts,
  ...history,
  ...licences,
  ...myAccounts,
  ...content,
};
