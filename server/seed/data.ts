/** Word lists and texts of the demo world: names, courses, messages, reports. */

export const TIMEZONES = [
  'Africa/Cairo', 'Europe/London', 'America/New_York', 'America/Toronto', 'Asia/Riyadh', 'Asia/Dubai',
  'Europe/Berlin', 'Australia/Sydney',
] as const;

/** Phone shape per timezone: country code, dialling prefix and the national number's leading digits. */
export const PHONE_BY_TZ: Record<string, { country: string; dial: string; lead: string[]; digits: number }> = {
  'Africa/Cairo': { country: 'EG', dial: '20', lead: ['10', '11', '12', '15'], digits: 10 },
  'Europe/London': { country: 'GB', dial: '44', lead: ['74', '75', '77', '78', '79'], digits: 10 },
  'America/New_York': { country: 'US', dial: '1', lead: ['212', '347', '646', '718', '917'], digits: 10 },
  'America/Toronto': { country: 'CA', dial: '1', lead: ['416', '437', '647'], digits: 10 },
  'Asia/Riyadh': { country: 'SA', dial: '966', lead: ['50', '53', '55', '56'], digits: 9 },
  'Asia/Dubai': { country: 'AE', dial: '971', lead: ['50', '52', '55', '56'], digits: 9 },
  'Europe/Berlin': { country: 'DE', dial: '49', lead: ['151', '157', '160', '176'], digits: 11 },
  'Australia/Sydney': { country: 'AU', dial: '61', lead: ['4'], digits: 9 },
};

export const MALE_NAMES = [
  'Yusuf', 'Ibrahim', 'Omar', 'Ali', 'Hamza', 'Bilal', 'Khalid', 'Tariq', 'Zayd', 'Mustafa', 'Idris', 'Adam', 'Ismail',
  'Hassan', 'Hussein', 'Karim', 'Samir', 'Nabil', 'Faris', 'Anas', 'Mahmoud', 'Ahmad', 'Abdullah', 'Abdulrahman',
  'Sulaiman', 'Harun', 'Yahya', 'Musa', 'Dawud', 'Luqman', 'Rayyan', 'Imran', 'Zakariya', 'Uthman', 'Salman', 'Amir',
  'Junaid', 'Saad', 'Ayman', 'Tahir',
];

export const FEMALE_NAMES = [
  'Maryam', 'Aisha', 'Fatima', 'Khadija', 'Zainab', 'Amina', 'Safiya', 'Hafsa', 'Sumayyah', 'Ruqayyah', 'Layla', 'Noor',
  'Huda', 'Sara', 'Hana', 'Yasmin', 'Asma', 'Salma', 'Iman', 'Rania', 'Dina', 'Nadia', 'Samira', 'Lubna', 'Zahra',
  'Sakina', 'Bushra', 'Malak', 'Jannah', 'Habiba', 'Aaliyah', 'Inaya', 'Maysa', 'Rahma', 'Sawsan', 'Hiba',
];

export const LAST_NAMES = [
  'Rahman', 'Hassan', 'Khan', 'Ahmed', 'Ali', 'Siddiqui', 'Malik', 'Chaudhry', 'Haddad', 'Mansour', 'El-Sayed',
  'Abdullah', 'Farouk', 'Nasser', 'Qureshi', 'Hussain', 'Yilmaz', 'Demir', 'Osman', 'Karimi', 'Bakr', 'Saleh', 'Hamdan',
  'Aziz', 'Mahmoud', 'Ibrahim', 'Suleiman', 'Darwish', 'Shaikh', 'Patel', 'Begum', 'Mirza', 'Jaber', 'Rashid',
  'Al-Amin', 'Hijazi', 'Zaman', 'Bukhari', 'Tahan', 'Kassem', 'Barakat', 'Idrissi',
];

export const CATEGORIES = ['Quran Memorisation', 'Tajweed', 'Arabic Language', 'Islamic Studies'] as const;
export type CategoryName = (typeof CATEGORIES)[number];

/** Category look of the generated course cards: colours and an Arabic caption. */
export const CATEGORY_LOOK: Record<CategoryName, { bg: string; fg: string; accent: string; arabic: string }> = {
  'Quran Memorisation': { bg: '#0f5132', fg: '#ffffff', accent: '#d4af37', arabic: 'القرآن الكريم' },
  Tajweed: { bg: '#123c69', fg: '#ffffff', accent: '#e3c567', arabic: 'التجويد' },
  'Arabic Language': { bg: '#7a2e1d', fg: '#fff8ee', accent: '#f2c14e', arabic: 'اللغة العربية' },
  'Islamic Studies': { bg: '#3d2c5e', fg: '#ffffff', accent: '#9fd3c7', arabic: 'الدراسات الإسلامية' },
};

export interface CourseSeed {
  slug: string; name: string; category: CategoryName; hourly_price: number; featured: boolean; description: string;
  details_url?: string;
}

export const COURSES: CourseSeed[] = [
  {
    slug: 'quran-memorisation-hifz', name: 'Quran Memorisation (Hifz)', category: 'Quran Memorisation', hourly_price: 12, featured: true,
    description: 'A structured Hifz programme with daily new memorisation (sabaq), recent revision (sabqi) and long revision (manzil). Your teacher sets a realistic weekly target and listens to every page.',
    details_url: 'https://example.org/courses/hifz',
  },
  {
    slug: 'juz-amma-for-kids', name: "Juz 'Amma for Kids", category: 'Quran Memorisation', hourly_price: 8, featured: true,
    description: "Short surahs of the 30th juz for children aged 5 to 12, with games, stickers and gentle repetition. Parents receive a short report after every class.",
  },
  {
    slug: 'quran-revision-murajaah', name: "Quran Revision (Muraja'ah)", category: 'Quran Memorisation', hourly_price: 10, featured: false,
    description: 'For those who have memorised and want to keep it: a revision plan by juz, recitation from memory and correction of weak places.',
  },
  {
    slug: 'noorani-qaida', name: 'Noorani Qaida', category: 'Tajweed', hourly_price: 6, featured: true,
    description: 'Learn to read the Quran from the very first letter: the Arabic alphabet, vowels, joining letters, sukoon, shaddah and madd, step by step.',
    details_url: 'https://example.org/courses/noorani-qaida',
  },
  {
    slug: 'tajweed-for-beginners', name: 'Tajweed Rules for Beginners', category: 'Tajweed', hourly_price: 9, featured: true,
    description: 'Makharij of the letters, noon sakinah and tanween, meem sakinah, the kinds of madd and qalqalah, practised on short surahs.',
  },
  {
    slug: 'advanced-tajweed-ijazah', name: 'Advanced Tajweed & Ijazah Preparation', category: 'Tajweed', hourly_price: 15, featured: false,
    description: "Recitation of the whole Quran to a certified teacher with a chain of transmission (sanad), following the narration of Hafs 'an 'Asim. Ends with an ijazah.",
  },
  {
    slug: 'arabic-for-beginners', name: 'Arabic for Beginners', category: 'Arabic Language', hourly_price: 10, featured: true,
    description: 'Modern Standard Arabic from zero: reading, writing, everyday vocabulary and the first grammar, with homework after every class.',
  },
  {
    slug: 'quranic-arabic', name: 'Quranic Arabic', category: 'Arabic Language', hourly_price: 11, featured: false,
    description: 'Understand what you recite: the most frequent words of the Quran, verb patterns and sentence structure, studied on the verses themselves.',
  },
  {
    slug: 'conversational-arabic', name: 'Conversational Arabic', category: 'Arabic Language', hourly_price: 13, featured: false,
    description: 'Speak with confidence: role plays, listening and pronunciation with a native speaker, in Fusha with notes on Egyptian and Levantine dialects.',
  },
  {
    slug: 'islamic-studies-for-kids', name: 'Islamic Studies for Kids', category: 'Islamic Studies', hourly_price: 7, featured: false,
    description: 'The pillars of Islam and iman, stories of the prophets, daily duas and good manners, taught with stories and short activities.',
  },
  {
    slug: 'fiqh-of-worship', name: 'Fiqh of Worship', category: 'Islamic Studies', hourly_price: 9, featured: false,
    description: 'Purification, prayer, fasting and zakah explained clearly, with the evidences and the practical questions students ask most.',
  },
  {
    slug: 'seerah', name: 'Seerah of the Prophet', category: 'Islamic Studies', hourly_price: 8, featured: true,
    description: 'The life of the Prophet Muhammad, peace be upon him, from Makkah to Madinah: events, lessons and the character of the best of creation.',
  },
];

export const CANCEL_REASONS_STUDENT = [
  'Travelling this week, sorry.', 'I have an exam at school.', 'Feeling unwell today.', 'Family event, we will be out.',
  'Internet is down at home.', 'Eid visit to relatives.', 'Doctor appointment at the same time.',
];
export const CANCEL_REASONS_TEACHER = [
  'Teacher is unwell today.', 'Power outage in my area.', 'I have to attend a family matter, I am sorry.',
  'Internet connection problem.', 'Attending a Quran competition as a judge.',
];
export const RESCHEDULE_REASONS = [
  'Can we move it a day later?', 'School timetable changed.', 'I have a meeting at that time.', 'Clock change this week.',
  'Would one hour later work for you?', 'Travelling, can we do it the next day?',
];
export const ADMIN_COMMENTS = [
  'Please choose at least two preferred days that match your weekly classes.',
  'The time you chose is outside our teachers\' working hours, please pick a time between 08:00 and 22:00 Cairo time.',
  'Please tell us the current level of the student in the comment.',
  'Please confirm the age of the student so we can choose the right teacher.',
];
export const ENROLL_COMMENTS = [
  'I can read slowly but my tajweed needs work.', 'Complete beginner, please be patient with me.',
  'My son is 8 and knows a few short surahs.', 'I prefer a female teacher, please.', 'I memorised Juz Amma years ago and want to revise it.',
  'I would like to focus on speaking.', null, null, null,
];

/** What a class report says, per course (slug): the activity of the class and the homework set after it. */
export const REPORT_TEXTS: Record<string, { activities: string[]; homeworks: string[] }> = {
  'quran-memorisation-hifz': {
    activities: [
      'Recited Surah Al-Mulk 1–10 from memory; corrected the madd in ayah 3.',
      'New memorisation: Al-Mulk 11–15; sabqi of the previous page with one hesitation.',
      'Manzil revision of Juz 29, pages 564–566, fluent with two hesitations.',
      'Recited Surah Al-Qalam 1–16 from memory; the transition between ayat 8 and 9 needs work.',
    ],
    homeworks: [
      'Memorise Al-Mulk 16–22 and listen to Sheikh Al-Husary three times.',
      'Revise the last two pages every day before Fajr.',
      'Recite the new page in your sunnah prayers this week.',
    ],
  },
  'juz-amma-for-kids': {
    activities: [
      'Recited Surah Al-Fil and Surah Quraysh from memory with a sticker for each.',
      'New surah: Al-Ma\'un, ayat 1–4, repeated together five times.',
      'Revised An-Nas to Al-Kafirun; good pronunciation of the ق.',
      'Memory game with the order of the short surahs; learnt Al-Kawthar.',
    ],
    homeworks: [
      'Recite Surah Al-Ma\'un to a parent once a day.',
      'Listen to Surah Al-Kawthar three times and colour the worksheet.',
      'Revise An-Nas, Al-Falaq and Al-Ikhlas before bed.',
    ],
  },
  'quran-revision-murajaah': {
    activities: [
      'Muraja\'ah of Juz 28 from memory; two weak places marked in Al-Mujadila.',
      'Recited Juz 27, first half, without the mushaf; fluent.',
      'Revision of Surah Yasin with attention to similar verses (mutashabihat).',
    ],
    homeworks: [
      'Revise the marked weak places three times a day.',
      'Recite one juz from memory to a family member this week.',
      'Read the pages of next class twice from the mushaf before reciting them.',
    ],
  },
  'noorani-qaida': {
    activities: [
      'Read lesson 7 of the Qaida: joining letters; good progress on the letter ع.',
      'Lesson 9: sukoon, read the rows slowly and then at normal speed.',
      'Revised the short vowels (harakat) and started tanween.',
      'Lesson 11: shaddah; practised the rows with a doubled letter.',
    ],
    homeworks: [
      'Read Qaida lesson 8 twice a day.',
      'Write the letters with their three forms (start, middle, end).',
      'Read the tanween rows aloud to a parent.',
    ],
  },
  'tajweed-for-beginners': {
    activities: [
      'New lesson: noon sakinah and tanween (izhar and idgham), practised on Surah Al-Baqarah 1–5.',
      'Practised the makharij of the throat letters and the heavy letters.',
      'Recitation with qalqalah and ghunnah; slower pace worked better.',
      'Ikhfa before the fifteen letters, with examples from Surah An-Naba.',
    ],
    homeworks: [
      'Practise idgham with the examples on the worksheet.',
      'Find five examples of ikhfa in Juz Amma and colour them.',
      'Record Surah Al-Fajr and send it before the next class.',
    ],
  },
  'advanced-tajweed-ijazah': {
    activities: [
      'Recited Surah Al-Baqarah 142–176 for the ijazah; corrected the madd munfasil to four counts.',
      'Reviewed the rules of waqf and ibtida on Surah Al-Imran 1–20.',
      'Recitation of Surah An-Nisa 1–23 in the narration of Hafs \'an \'Asim, two corrections.',
    ],
    homeworks: [
      'Prepare Al-Baqarah 177–203 for recitation.',
      'Read the chapter on madd in the Tuhfat al-Atfal and memorise its lines.',
      'Mark the places of waqf lazim in the next two pages.',
    ],
  },
  'arabic-for-beginners': {
    activities: [
      'Past tense verbs, 12 new words about the family, reading a short dialogue.',
      'The definite article and the sun and moon letters; read a text about the classroom.',
      'Numbers 1–20 and telling the time; short listening exercise.',
      'Nominal sentences: mubtada and khabar, with 10 examples.',
    ],
    homeworks: [
      'Write the 12 new words with a sentence each.',
      'Read the dialogue aloud three times and answer the questions.',
      'Write five sentences about your family.',
    ],
  },
  'quranic-arabic': {
    activities: [
      'The 50 most frequent words of Surah Al-Fatiha and Al-Baqarah 1–5.',
      'Verb pattern fa\'ala and its forms, studied on Surah Al-Asr.',
      'Word-by-word analysis of Ayat Al-Kursi.',
    ],
    homeworks: [
      'Learn the word list of Al-Baqarah 1–5 with their meanings.',
      'Find three verbs of the pattern fa\'ala in Juz Amma.',
      'Translate Surah Al-Ikhlas word by word.',
    ],
  },
  'conversational-arabic': {
    activities: [
      'Role play at the market: asking prices and bargaining.',
      'Introducing yourself and your work; pronunciation of ح and ه.',
      'Listening: a phone call booking a table; we retold it together.',
    ],
    homeworks: [
      'Record a one-minute introduction of yourself in Arabic.',
      'Learn the 15 phrases for shopping and use them in a dialogue.',
      'Watch the short video I sent and write down five new words.',
    ],
  },
  'islamic-studies-for-kids': {
    activities: [
      'The five pillars of Islam with a matching game.',
      'Story of Prophet Yunus, peace be upon him, and the dua he made.',
      'Good manners when eating: the sunnah of saying Bismillah and eating with the right hand.',
    ],
    homeworks: [
      'Learn the dua before sleeping and the dua after wudu.',
      'Tell the story of Prophet Yunus to a parent.',
      'Draw the five pillars and write one sentence about each.',
    ],
  },
  'fiqh-of-worship': {
    activities: [
      'Reviewed the conditions of wudu and practised the description of the prayer.',
      'What breaks the fast and what does not, with common questions.',
      'Zakah on savings and gold: the nisab and how to calculate it.',
    ],
    homeworks: [
      'Write the pillars and the obligations of the prayer from memory.',
      'Read the chapter on tayammum and bring two questions.',
      'Calculate the zakah of the example on the worksheet.',
    ],
  },
  seerah: {
    activities: [
      'Story of the Hijrah and its lessons; the student asked very good questions.',
      'The Year of Sorrow and the journey to Ta\'if.',
      'The Battle of Badr: the preparations, the dua of the Prophet and the outcome.',
    ],
    homeworks: [
      'Write a short summary of the Hijrah in ten lines.',
      'Read the chapter on the treaty of Hudaybiyyah.',
      'List three lessons from the journey to Ta\'if.',
    ],
  },
};
export const TEACHER_NOTES = [
  'Excellent focus today, ما شاء الله.', 'Needs to revise more between classes.', 'Came a little late but caught up well.',
  'Needs to speak a little louder; the microphone was quiet.', 'Very motivated student.', null, null,
];

/** Hand-written start of the demo pair's conversation (S = student, T = teacher). */
export const DEMO_SCRIPT: { from: 'S' | 'T'; text?: string; image?: string; audio?: string }[] = [
  { from: 'S', text: 'السلام عليكم ورحمة الله وبركاته Ustadha, I am looking forward to starting Hifz with you.' },
  { from: 'T', text: 'وعليكم السلام ورحمة الله وبركاته Yusuf! Welcome. We will begin with Surah Al-Mulk, in sha Allah.' },
  { from: 'T', text: 'Please listen to the first five ayat before our next class: https://quran.com/67' },
  { from: 'S', text: 'Will do. Is it better to memorise in the morning or at night?' },
  { from: 'T', text: 'After Fajr is the best time for new memorisation, and revise what you learnt before you sleep. Even 20 minutes every day is better than two hours once a week. Keep the same mushaf so your eyes remember where each ayah sits on the page, and recite your new part in your sunnah prayers so it settles.' },
  { from: 'S', audio: '/media/recitation-1.wav' },
  { from: 'T', text: 'ما شاء الله، تلاوة جميلة. Watch the madd in ayah 3: hold it for four to five counts.' },
  { from: 'T', audio: '/media/correction-1.wav' },
  { from: 'S', text: 'جزاك الله خيرا' },
  { from: 'T', text: 'وإياك. Here is the tajweed chart we used today.' },
  { from: 'T', image: '/media/tajweed-chart.svg' },
  { from: 'S', image: '/media/homework-al-mulk.svg' },
  { from: 'S', text: 'This is my homework, I wrote the ayat with the rules coloured.' },
  { from: 'T', text: 'Very good! Only the ikhfa in ayah 7 is missing its colour.' },
  { from: 'S', text: 'Ustadha, the clocks change here next week. Will our class stay at the same time?' },
  { from: 'T', text: 'Yes, your classes stay at the same time on your clock; the calendar takes care of it.' },
  { from: 'T', text: 'تَبَارَكَ الَّذِي بِيَدِهِ الْمُلْكُ وَهُوَ عَلَىٰ كُلِّ شَيْءٍ قَدِيرٌ' },
  { from: 'S', audio: '/media/recitation-2.wav' },
  { from: 'T', text: 'بارك الله فيك. Your recitation is getting smoother every week.' },
  { from: 'S', text: 'Alhamdulillah. Could we add one more class per week next month?' },
  { from: 'T', text: 'In sha Allah, request it from the course page and support will update your schedule.' },
  { from: 'S', image: '/media/mushaf-page.png' },
  { from: 'S', text: 'Is this the page for tomorrow?' },
  { from: 'T', text: 'Yes, ayat 16 to 22. See you in class, in sha Allah. The join link is in the class details.' },
];

export const TEACHER_LINES = [
  'السلام عليكم، how was your revision this week?', 'Please revise the last page before our class.',
  'Great work today! Keep going.', 'I have added the join link to tomorrow\'s class.',
  'Remember: the noon is hidden (ikhfa) before these 15 letters.', 'Can you send me a recording of Surah Al-Fajr?',
  'ما شاء الله تبارك الله', 'بارك الله فيك', 'Please be on time tomorrow, we have a lot to cover.',
  'I sent your report, have a look at the homework.', 'Let us focus on the heavy letters next time.',
  'Excellent pronunciation of the ع today.', 'Don\'t forget to practise the dua we learnt.',
  'The class is starting now, I am waiting in the room.', 'No problem, we can make it up later this week.',
  'Read the word list aloud three times a day.', 'In sha Allah we finish the surah next week.',
  'إِنَّ مَعَ الْعُسْرِ يُسْرًا — keep going, it gets easier.', 'Please check the new time I proposed.',
];
export const STUDENT_LINES = [
  'وعليكم السلام ورحمة الله', 'جزاك الله خيرا Ustadh', 'I revised it twice today.', 'Sorry, I will be five minutes late.',
  'Can we start a bit earlier tomorrow?', 'I found the ikhfa examples difficult.', 'Thank you for today\'s class!',
  'Here is my recording.', 'My internet was weak, sorry for the disconnection.', 'Alhamdulillah, I memorised the whole page.',
  'What page should I prepare for next time?', 'Is homework the same as last week?', 'In sha Allah, see you tomorrow.',
  'My daughter enjoyed the class a lot.', 'Could you explain the qalqalah again?', 'Okay, noted 👍',
  'آمين', 'I will be travelling next week, can we reschedule?', 'الحمد لله، I can read it without looking now.',
];
export const SUPPORT_LINES = [
  'Hello! Thank you for contacting support. How can we help you today?',
  'We have checked your account and everything looks fine now.', 'Your payment was received and added to your wallet.',
  'Could you send us a screenshot of the error, please?', 'We have forwarded your request to the academic team.',
  'Your teacher has been informed.', 'Is there anything else we can help you with?',
  'Ramadan Kareem! Classes keep their times during Ramadan.', 'We have updated your schedule as requested.',
];
export const USER_SUPPORT_LINES = [
  'Hi, my recharge is not showing in my wallet.', 'How can I change my class time permanently?',
  'I would like to add my son to my account.', 'Thank you, it works now.', 'Can I get a female teacher?',
  'The join link did not open on my phone.', 'جزاكم الله خيرا', 'When will my enrollment be approved?',
  'Can I pay with Wise?', 'Thanks for the quick reply!',
];
export const TICKET_TITLES = [
  'Recharge not showing', 'Change of teacher', 'Class time question', 'Join link problem', 'Refund request',
  'Adding a child account', 'Enrollment status', 'Invoice request', 'Login problem', 'Schedule change',
];
