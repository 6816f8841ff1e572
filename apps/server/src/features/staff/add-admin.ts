import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { DatabaseUnavailableError, openDatabase } from '../../db/database';
import { hashPassword } from '../../lib/passwords';
import { personalData } from '../../lib/personal-data';
import { newSecret } from '../../lib/secrets';
import { enrolStaff } from './staff-accounts';

/**
 * `npm run staff:add-admin -- --email <address> --name "<full name>"` creates a state-wide `_admin`
 * (docs/back-office.md): the first one, from which every other staff account is made. It runs with
 * the portal's own environment, against its database. The password is made here, never a default,
 * and printed once with the authenticator secret and the recovery codes.
 */
async function addAdmin() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  const email = values.email?.trim().toLowerCase();
  const fullName = values.name?.trim();
  if (!email?.includes('@') || !fullName) {
    throw new ConfigError(
      'Usage: npm run staff:add-admin -- --email <address> --name "<full name>"',
    );
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const password = newSecret(15);
    const enrolment = await enrolStaff(database.db, personalData(config.dataEncryptionKey), {
      email,
      fullName,
      role: '_admin',
      councilCode: null,
      passwordHash: await hashPassword(password),
    });
    process.stdout.write(
      [
        `Created the state-wide admin ${enrolment.member.email}.`,
        '',
        `Password:              ${password}`,
        `Authenticator secret:  ${enrolment.totpSecret}`,
        `Authenticator address: ${enrolment.totpUri}`,
        '',
        'Recovery codes (each works once, instead of an app code):',
        ...enrolment.recoveryCodes.map((code) => `  ${code}`),
        '',
        'Nothing of this is shown again: hand it over in person and keep the codes offline.',
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

addAdmin().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnavailableError;
  const duplicate = (error as { code?: string; cause?: { code?: string } }).cause?.code === '23505';
  console.error(
    duplicate
      ? 'A staff account with this e-mail exists already.'
      : known
        ? (error as Error).message
        : error,
  );
  process.exit(1);
});
