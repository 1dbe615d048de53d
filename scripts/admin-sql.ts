/** The SQL that makes (or updates) an admin account, for `admin:create` and the e2e sites' seeded D1. */
const q = (v: string) => `'${v.replaceAll("'", "''")}'`;

/** Two statements: the user (its password hash replaced if the email exists) and its admin role. */
export function adminAccountSql(email: string, passwordHash: string): string[] {
  return [
    `INSERT INTO users (id, email, password_hash) VALUES (${q(crypto.randomUUID())}, ${q(email)}, ${q(passwordHash)})
     ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash;`,
    `INSERT OR IGNORE INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE email = ${q(email)};`,
  ];
}
