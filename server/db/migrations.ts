/**
 * Schema migrations, applied in order inside one transaction each. Never edit a migration that
 * has shipped: add a new one. `PRAGMA user_version` records how far a database has come.
 *
 * Conventions: instants are stored as Unix milliseconds (INTEGER, UTC); money as REAL dollars
 * rounded to cents on write; booleans as 0/1; lists as JSON text.
 */
export const migrations: string[] = [
  /* 1: the whole first schema */ `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL            -- JSON
  );

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    group_id INTEGER NOT NULL DEFAULT 0,          -- 0 student, 1 teacher
    kind TEXT NOT NULL DEFAULT 'user',            -- user | support | admin (message senders)
    avatar TEXT,
    credits REAL NOT NULL DEFAULT 0,
    loan_credits REAL NOT NULL DEFAULT 0,
    can_borrow INTEGER NOT NULL DEFAULT 1,
    max_borrow_amount REAL NOT NULL DEFAULT 50,
    timezone TEXT NOT NULL DEFAULT 'Africa/Cairo',
    email_verified_at INTEGER,
    verification_code TEXT,
    phone TEXT,
    full_phone TEXT,
    phone_country TEXT,
    gender TEXT,
    date_of_birth TEXT,                           -- YYYY-MM-DD
    parent_id INTEGER REFERENCES users(id),
    referral_token TEXT UNIQUE,
    referred_by INTEGER REFERENCES users(id),
    referral_rewarded INTEGER NOT NULL DEFAULT 0, -- first recharge already rewarded
    teacher_hourly_price REAL NOT NULL DEFAULT 5,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX users_parent ON users(parent_id);

  CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,                  -- sha256 of the bearer token
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER
  );
  CREATE INDEX tokens_user ON tokens(user_id);

  CREATE TABLE password_resets (
    email TEXT PRIMARY KEY COLLATE NOCASE,
    code TEXT NOT NULL,
    complete_token TEXT,                          -- set once the code was validated
    created_at INTEGER NOT NULL
  );

  CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
  );

  CREATE TABLE courses (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    image_url TEXT,
    category_id INTEGER NOT NULL REFERENCES categories(id),
    details_url TEXT,
    hourly_price REAL NOT NULL,
    featured INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active'
  );

  CREATE TABLE enrollments (
    id INTEGER PRIMARY KEY,
    student_id INTEGER NOT NULL REFERENCES users(id),
    teacher_id INTEGER REFERENCES users(id),      -- assigned on approval
    course_id INTEGER NOT NULL REFERENCES courses(id),
    status TEXT NOT NULL DEFAULT 'pending',
    admin_comment TEXT,
    class_duration INTEGER NOT NULL,              -- minutes
    weekly_classes INTEGER NOT NULL,
    start_day TEXT NOT NULL,                      -- YYYY-MM-DD in the student's timezone
    comment TEXT,
    preferred_days TEXT NOT NULL DEFAULT '[]',    -- JSON number[] 0..6, 0 Sunday
    schedule TEXT NOT NULL DEFAULT '[]',          -- JSON {day, from, to}[]
    hourly_price REAL,                            -- overrides the course's when set
    finish_requested INTEGER NOT NULL DEFAULT 0,
    finish_reason TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX enrollments_student ON enrollments(student_id);
  CREATE INDEX enrollments_teacher ON enrollments(teacher_id);

  CREATE TABLE classes (
    id INTEGER PRIMARY KEY,
    enrollment_id INTEGER NOT NULL REFERENCES enrollments(id),
    name TEXT,
    start_at INTEGER NOT NULL,                    -- ms UTC
    duration INTEGER NOT NULL,                    -- minutes
    series_key TEXT,                              -- weekly series: a permanent reschedule moves the rest of it
    is_trial INTEGER NOT NULL DEFAULT 0,
    makeup INTEGER NOT NULL DEFAULT 0,
    rescheduled INTEGER NOT NULL DEFAULT 0,
    attended INTEGER NOT NULL DEFAULT 0,
    absent INTEGER NOT NULL DEFAULT 0,
    canceled INTEGER NOT NULL DEFAULT 0,
    cancelation_reason TEXT,
    canceled_by INTEGER REFERENCES users(id),
    paid INTEGER NOT NULL DEFAULT 0,              -- charged to the student
    charged_amount REAL,
    join_url TEXT,
    url_added_at INTEGER,
    teacher_joined_at INTEGER,
    student_joined_at INTEGER,
    delay_minutes REAL,                           -- teacher's delay, set when the teacher joins
    created_at INTEGER NOT NULL
  );
  CREATE INDEX classes_enrollment_start ON classes(enrollment_id, start_at);
  CREATE INDEX classes_start ON classes(start_at);

  CREATE TABLE class_changes (                    -- counts cancel/reschedule per user per month
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    class_id INTEGER NOT NULL REFERENCES classes(id),
    month TEXT NOT NULL,                          -- YYYY-MM (UTC)
    kind TEXT NOT NULL,                           -- cancel | reschedule
    created_at INTEGER NOT NULL
  );
  CREATE INDEX class_changes_user_month ON class_changes(user_id, month);

  CREATE TABLE class_reports (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL UNIQUE REFERENCES classes(id),
    rating REAL NOT NULL,
    class_activity TEXT NOT NULL,
    homework TEXT NOT NULL,
    teacher_notes TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );

  CREATE TABLE reschedule_requests (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id),
    sender_id INTEGER NOT NULL REFERENCES users(id),
    permanent INTEGER NOT NULL DEFAULT 0,
    old_start_at INTEGER NOT NULL,
    new_start_at INTEGER NOT NULL,
    reason TEXT,
    status TEXT NOT NULL DEFAULT 'pending',       -- pending | approved | rejected
    created_at INTEGER NOT NULL,
    decided_at INTEGER
  );
  CREATE INDEX reschedule_requests_class ON reschedule_requests(class_id);

  CREATE TABLE teacher_schedule (
    id INTEGER PRIMARY KEY,
    teacher_id INTEGER NOT NULL REFERENCES users(id),
    day INTEGER NOT NULL,                         -- 0 Sunday .. 6 Saturday
    start_time TEXT NOT NULL,                     -- HH:mm
    end_time TEXT NOT NULL
  );
  CREATE INDEX teacher_schedule_teacher ON teacher_schedule(teacher_id);

  CREATE TABLE conversations (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    avatar TEXT,
    closed INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL                   -- last activity
  );
  CREATE INDEX conversations_updated ON conversations(updated_at);

  CREATE TABLE conversation_members (
    conversation_id INTEGER NOT NULL REFERENCES conversations(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    seen INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (conversation_id, user_id)
  );
  CREATE INDEX conversation_members_user ON conversation_members(user_id);

  CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id),
    sender_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL DEFAULT 'text',            -- text | image | audio | video
    text TEXT,
    image_url TEXT,
    audio TEXT,
    download TEXT,
    client_key TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX messages_conversation ON messages(conversation_id, id);

  CREATE TABLE notifications (
    id TEXT PRIMARY KEY,                          -- uuid, as Laravel's database notifications
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    course_id INTEGER,
    course_class_id INTEGER,
    read_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX notifications_user ON notifications(user_id, created_at);

  CREATE TABLE payments (                         -- manual gateway payments under review
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    amount REAL NOT NULL,
    payment_method TEXT NOT NULL,
    message TEXT NOT NULL,
    attachment TEXT,
    status TEXT NOT NULL DEFAULT 'review',        -- review | completed | rejected
    created_at INTEGER NOT NULL
  );
  CREATE INDEX payments_user ON payments(user_id, status);

  CREATE TABLE card_orders (                      -- the simulated card provider's orders
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    amount REAL NOT NULL,
    status TEXT NOT NULL,                         -- CREATED | COMPLETED | DECLINED | USED
    created_at INTEGER NOT NULL
  );

  CREATE TABLE transactions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,                           -- recharge | class_payment | family_balance_transfer |
                                                  -- admin_credits_update | borrow_balance |
                                                  -- borrow_balance_deduct | referral_reward | wise_reward
    value REAL NOT NULL,                          -- signed change of credits
    amount REAL,
    class_id INTEGER REFERENCES classes(id),
    comment TEXT,
    credits_after REAL NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX transactions_user ON transactions(user_id, created_at);

  CREATE TABLE idempotency_keys (
    user_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    content_type TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
  );
  `,
  /* 2: card orders made through the provider's sandbox script belong to nobody until a user spends them */ `
  CREATE TABLE card_orders_new (
    id TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES users(id),         -- NULL: created by the provider's script, not yet spent
    amount REAL NOT NULL,
    status TEXT NOT NULL,                         -- CREATED | COMPLETED | DECLINED | USED
    created_at INTEGER NOT NULL
  );
  INSERT INTO card_orders_new (id, user_id, amount, status, created_at) SELECT id, user_id, amount, status, created_at FROM card_orders;
  DROP TABLE card_orders;
  ALTER TABLE card_orders_new RENAME TO card_orders;
  `,
  /* 3: an idempotency key belongs to one call: the fingerprint of the request it was first used with (issue 29) */ `
  ALTER TABLE idempotency_keys ADD COLUMN request_hash TEXT NOT NULL DEFAULT '';
  `,
];
