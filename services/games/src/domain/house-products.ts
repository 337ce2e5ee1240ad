import type { InterfaceLanguage } from '@wps/contracts';

/**
 * Names of the house products whose bets settle without a lobby tile of their own (the sportsbook's bets carry
 * `house-sportsbook`), in every interface language, so that the winner board never shows a code.
 */
const PRODUCT_NAMES: Readonly<Record<string, Readonly<Record<InterfaceLanguage, string>>>> = {
  'house-sportsbook': {
    ZH: '体育投注',
    EN: 'Sportsbook',
    JA: 'スポーツベット',
    TH: 'แทงกีฬา',
    VI: 'Cá cược thể thao',
    MY: 'အားကစား လောင်းကြေး',
    ES: 'Apuestas deportivas',
    HI: 'स्पोर्ट्सबुक',
    ID: 'Taruhan olahraga',
    KM: 'ភ្នាល់កីឡា',
    KO: '스포츠북',
    MS: 'Pertaruhan sukan',
    PT: 'Apostas desportivas',
    TA: 'விளையாட்டு பந்தயம்',
    'ZH-TW': '體育投注',
    TL: 'Pustahan sa sports',
    UR: 'اسپورٹس بیٹنگ',
    'UR-LATN': 'Sports betting',
    'PT-BR': 'Apostas esportivas',
    TR: 'Spor bahisleri',
    BN: 'স্পোর্টস বেটিং',
    AR: 'المراهنات الرياضية',
    FA: 'شرط‌بندی ورزشی',
    RU: 'Ставки на спорт',
    KK: 'Спорттық ставкалар',
    UZ: 'Sport tikishlari',
    LO: 'ພະນັນກິລາ',
    NE: 'खेलकुद बाजी',
    FR: 'Paris sportifs',
    TE: 'స్పోర్ట్స్ బెట్టింగ్',
    SW: 'Ubashiri wa michezo',
  },
};

/** A house product's name in `language` (else English), or null for a code that is not one. */
export function houseProductName(gameCode: string | null, language: string): string | null {
  const names = gameCode ? PRODUCT_NAMES[gameCode] : undefined;
  if (!names) return null;
  return names[language as InterfaceLanguage] ?? names.EN;
}
