import type { InterfaceLanguage } from '@wps/contracts';

/** The interface languages besides Spanish and English, which the demo notices themselves hold. */
export type OtherLanguage = Exclude<InterfaceLanguage, 'ES' | 'EN'>;

/** A notice's title (plain text) and content (the same small HTML as the Spanish and English ones). */
export interface NoticeText {
  title: string;
  content: string;
}

/**
 * The demo brand's player notices (the marquee and the notice list) in every other interface language, by notice key,
 * so that a player reads them in their own language rather than in the brand's default one. Amounts, times and
 * payment names stay as the Spanish and English notices write them.
 */
export const DEMO_NOTICE_LANGUAGES: Record<string, Record<OtherLanguage, NoticeText>> = {
  'notice-maintenance': {
    ZH: { title: '体育投注计划维护', content: '<p>体育投注供应商将于<strong>周二 03:00 至 05:00</strong>（墨西哥城时间）进行维护。未结算的投注不受影响。</p>' },
    JA: {
      title: 'スポーツベッティングのメンテナンス予定',
      content: '<p>スポーツベッティングのプロバイダーが<strong>火曜日 03:00～05:00</strong>（メキシコシティ時間）にメンテナンスを行います。未確定のベットには影響ありません。</p>',
    },
    TH: {
      title: 'ปิดปรับปรุงระบบกีฬาตามกำหนดการ',
      content: '<p>ผู้ให้บริการเดิมพันกีฬาจะปิดปรับปรุงระบบใน<strong>วันอังคาร เวลา 03:00 ถึง 05:00 น.</strong> (เวลาเม็กซิโกซิตี้) เดิมพันที่ยังไม่ได้ตัดสินผลจะไม่ได้รับผลกระทบ</p>',
    },
    VI: {
      title: 'Lịch bảo trì cá cược thể thao',
      content: '<p>Nhà cung cấp cá cược thể thao sẽ bảo trì vào <strong>thứ Ba, từ 03:00 đến 05:00</strong> (giờ Thành phố Mexico). Các cược đang mở không bị ảnh hưởng.</p>',
    },
    MY: {
      title: 'ကြိုတင်စီစဉ်ထားသော အားကစား စနစ်ပြုပြင်ထိန်းသိမ်းမှု',
      content: '<p>အားကစားလောင်းကြေး ဝန်ဆောင်မှုပေးသူသည် <strong>အင်္ဂါနေ့ 03:00 မှ 05:00 အထိ</strong> (မက္ကဆီကိုစီးတီး စံတော်ချိန်) စနစ်ပြုပြင်ထိန်းသိမ်းမှု ပြုလုပ်ပါမည်။ ဖွင့်ထားသော လောင်းကြေးများကို ထိခိုက်မှုမရှိပါ။</p>',
    },
    HI: {
      title: 'स्पोर्ट्स बेटिंग का निर्धारित रखरखाव',
      content: '<p>स्पोर्ट्स बेटिंग प्रदाता <strong>मंगलवार को 03:00 से 05:00 बजे तक</strong> (मेक्सिको सिटी समय) रखरखाव करेगा। खुले दांव इससे प्रभावित नहीं होंगे।</p>',
    },
    ID: {
      title: 'Pemeliharaan terjadwal taruhan olahraga',
      content:
        '<p>Penyedia taruhan olahraga akan melakukan pemeliharaan pada <strong>hari Selasa pukul 03:00 hingga 05:00</strong> (waktu Kota Meksiko). Taruhan yang masih terbuka tidak terpengaruh.</p>',
    },
    KM: {
      title: 'ការថែទាំប្រព័ន្ធភ្នាល់កីឡាតាមកាលវិភាគ',
      content: '<p>អ្នកផ្តល់សេវាភ្នាល់កីឡានឹងធ្វើការថែទាំប្រព័ន្ធនៅ<strong>ថ្ងៃអង្គារ ម៉ោង 03:00 ដល់ 05:00</strong> (ម៉ោងទីក្រុងម៉ិកស៊ិក)។ ការភ្នាល់ដែលកំពុងបើកមិនរងផលប៉ះពាល់ទេ។</p>',
    },
    KO: {
      title: '스포츠 베팅 점검 예정',
      content: '<p>스포츠 베팅 제공업체가 <strong>화요일 03:00~05:00</strong>(멕시코시티 시간)에 점검을 진행합니다. 진행 중인 베팅은 영향을 받지 않습니다.</p>',
    },
    MS: {
      title: 'Penyelenggaraan berjadual pertaruhan sukan',
      content:
        '<p>Penyedia pertaruhan sukan akan menjalankan penyelenggaraan pada <strong>hari Selasa dari 03:00 hingga 05:00</strong> (waktu Bandar Raya Mexico). Pertaruhan yang masih terbuka tidak terjejas.</p>',
    },
    PT: {
      title: 'Manutenção programada das apostas desportivas',
      content: '<p>O fornecedor de apostas desportivas fará manutenção na <strong>terça-feira, das 03:00 às 05:00</strong> (hora da Cidade do México). As apostas em aberto não são afetadas.</p>',
    },
    TA: {
      title: 'விளையாட்டுப் பந்தயம்: திட்டமிட்ட பராமரிப்பு',
      content: '<p>விளையாட்டுப் பந்தய வழங்குநர் <strong>செவ்வாய்க்கிழமை 03:00 முதல் 05:00 வரை</strong> (மெக்சிகோ சிட்டி நேரம்) பராமரிப்புப் பணியை மேற்கொள்ளும். நிலுவையில் உள்ள பந்தயங்கள் பாதிக்கப்படாது.</p>',
    },
    'ZH-TW': { title: '體育投注系統預定維護', content: '<p>體育投注供應商將於<strong>週二 03:00 至 05:00</strong>（墨西哥城時間）進行維護。未結算的投注不受影響。</p>' },
    TL: {
      title: 'Nakatakdang maintenance ng sports betting',
      content: '<p>Magkakaroon ng maintenance ang provider ng sports betting sa <strong>Martes mula 03:00 hanggang 05:00</strong> (oras sa Mexico City). Hindi apektado ang mga bukas na taya.</p>',
    },
    UR: {
      title: 'کھیلوں کی بیٹنگ: طے شدہ مینٹیننس',
      content: '<p>کھیلوں کی بیٹنگ فراہم کرنے والا <strong>منگل کو 03:00 سے 05:00 بجے تک</strong> (میکسیکو سٹی کے وقت کے مطابق) مینٹیننس کرے گا۔ کھلی بیٹس متاثر نہیں ہوں گی۔</p>',
    },
    'UR-LATN': {
      title: 'Sports betting ki tay shuda maintenance',
      content: '<p>Sports betting provider <strong>Mangal ko 03:00 se 05:00 baje tak</strong> (Mexico City ke waqt ke mutabiq) maintenance karega. Khuli bets par koi asar nahin hoga.</p>',
    },
    'PT-BR': {
      title: 'Manutenção programada das apostas esportivas',
      content: '<p>O provedor de apostas esportivas fará manutenção na <strong>terça-feira, das 03:00 às 05:00</strong> (horário da Cidade do México). As apostas em aberto não são afetadas.</p>',
    },
    TR: {
      title: 'Planlı spor bahisleri bakımı',
      content: '<p>Spor bahisleri sağlayıcısı <strong>salı günü 03:00 ile 05:00 arasında</strong> (Meksiko saati) bakım yapacak. Açık bahisler bundan etkilenmez.</p>',
    },
    BN: {
      title: 'স্পোর্টস বেটিংয়ের নির্ধারিত রক্ষণাবেক্ষণ',
      content: '<p>স্পোর্টস বেটিং প্রদানকারী <strong>মঙ্গলবার 03:00 থেকে 05:00 পর্যন্ত</strong> (মেক্সিকো সিটির সময়) রক্ষণাবেক্ষণ করবে। খোলা বাজিগুলো এতে প্রভাবিত হবে না।</p>',
    },
    AR: {
      title: 'صيانة مجدولة للمراهنات الرياضية',
      content: '<p>يجري مزوّد المراهنات الرياضية أعمال صيانة <strong>يوم الثلاثاء من 03:00 إلى 05:00</strong> (بتوقيت مدينة مكسيكو). لا تتأثر الرهانات المفتوحة.</p>',
    },
    FA: {
      title: 'نگهداری برنامه‌ریزی‌شده شرط‌بندی ورزشی',
      content: '<p>ارائه‌دهنده شرط‌بندی ورزشی <strong>سه‌شنبه از 03:00 تا 05:00</strong> (به وقت مکزیکوسیتی) عملیات نگهداری انجام می‌دهد. شرط‌های باز تحت تأثیر قرار نمی‌گیرند.</p>',
    },
    RU: {
      title: 'Плановые технические работы в спортивных ставках',
      content: '<p>Провайдер спортивных ставок проводит технические работы <strong>во вторник с 03:00 до 05:00</strong> (по времени Мехико). На открытые ставки это не повлияет.</p>',
    },
    KK: {
      title: 'Спорттық ставкалардағы жоспарлы техникалық жұмыстар',
      content: '<p>Спорттық ставкалар провайдері <strong>сейсенбі күні 03:00-ден 05:00-ге дейін</strong> (Мехико уақытымен) техникалық жұмыстар жүргізеді. Ашық ставкаларға бұл әсер етпейді.</p>',
    },
    UZ: {
      title: 'Sport tikishlarida rejalashtirilgan texnik ishlar',
      content: '<p>Sport tikishlari provayderi <strong>seshanba kuni 03:00 dan 05:00 gacha</strong> (Mexiko vaqti bilan) texnik ishlar olib boradi. Ochiq tikishlarga bu taʼsir qilmaydi.</p>',
    },
    LO: {
      title: 'ການບຳລຸງຮັກສາລະບົບກິລາຕາມກຳນົດ',
      content: '<p>ຜູ້ໃຫ້ບໍລິການພະນັນກິລາຈະປິດບຳລຸງຮັກສາລະບົບໃນ<strong>ວັນອັງຄານ ເວລາ 03:00 ຫາ 05:00</strong> (ເວລາເມັກຊິໂກຊິຕີ້). ການພະນັນທີ່ຍັງເປີດຢູ່ຈະບໍ່ໄດ້ຮັບຜົນກະທົບ.</p>',
    },
    NE: {
      title: 'खेलकुद बाजीको तालिकाबद्ध मर्मतसम्भार',
      content: '<p>खेलकुद बाजी सेवा प्रदायकले <strong>मङ्गलबार 03:00 देखि 05:00 बजेसम्म</strong> (मेक्सिको सिटीको समय) मर्मतसम्भार गर्नेछ। खुला बाजीहरूमा कुनै असर पर्दैन।</p>',
    },
    FR: {
      title: 'Maintenance programmée des paris sportifs',
      content: '<p>Le fournisseur de paris sportifs effectue une maintenance le <strong>mardi de 03:00 à 05:00</strong> (heure de Mexico). Les paris en cours ne sont pas affectés.</p>',
    },
    TE: {
      title: 'స్పోర్ట్స్ బెట్టింగ్: షెడ్యూల్ చేసిన నిర్వహణ',
      content: '<p>స్పోర్ట్స్ బెట్టింగ్ ప్రొవైడర్ <strong>మంగళవారం 03:00 నుండి 05:00 వరకు</strong> (మెక్సికో సిటీ సమయం) నిర్వహణ పనులు చేపడుతుంది. ఓపెన్ బెట్లపై ఎలాంటి ప్రభావం ఉండదు.</p>',
    },
    SW: {
      title: 'Matengenezo yaliyopangwa ya ubashiri wa michezo',
      content: '<p>Mtoa huduma wa ubashiri wa michezo atafanya matengenezo <strong>Jumanne kuanzia 03:00 hadi 05:00</strong> (saa za Mexico City). Dau zilizo wazi haziathiriwi.</p>',
    },
  },
  'notice-live': {
    ZH: { title: '全新真人轮盘赌桌', content: '<p>我们新开设了<strong>6 张全新</strong>真人轮盘和百家乐赌桌，由讲西班牙语的荷官主持。</p>' },
    JA: { title: '新しいライブルーレットテーブル', content: '<p>スペイン語を話すディーラーによるライブルーレットとバカラのテーブルを<strong>新たに6卓</strong>オープンしました。</p>' },
    TH: { title: 'โต๊ะรูเล็ตสดเปิดใหม่', content: '<p>เราเปิดโต๊ะรูเล็ตและบาคาร่าสด<strong>ใหม่ 6 โต๊ะ</strong> พร้อมดีลเลอร์ที่พูดภาษาสเปน</p>' },
    VI: { title: 'Bàn roulette trực tiếp mới', content: '<p>Chúng tôi đã mở <strong>6 bàn mới</strong> roulette và baccarat trực tiếp với người chia bài nói tiếng Tây Ban Nha.</p>' },
    MY: { title: 'တိုက်ရိုက် ရူလက်စားပွဲအသစ်များ', content: '<p>စပိန်ဘာသာစကား ပြောသော ဒီလာများဖြင့် တိုက်ရိုက် ရူလက်နှင့် ဘာကာရာ စားပွဲ <strong>အသစ် 6 ခု</strong> ဖွင့်လှစ်လိုက်ပါပြီ။</p>' },
    HI: { title: 'नई लाइव रूलेट टेबलें', content: '<p>हमने स्पैनिश बोलने वाले डीलरों के साथ लाइव रूलेट और बैकारेट की <strong>6 नई</strong> टेबलें शुरू की हैं।</p>' },
    ID: { title: 'Meja rolet live baru', content: '<p>Kami membuka <strong>6 meja baru</strong> rolet dan bakarat live dengan dealer berbahasa Spanyol.</p>' },
    KM: { title: 'តុរ៉ូឡែតផ្សាយផ្ទាល់ថ្មីៗ', content: '<p>យើងបានបើក<strong>តុថ្មីចំនួន 6</strong> សម្រាប់រ៉ូឡែត និងបាការ៉ាផ្សាយផ្ទាល់ ជាមួយអ្នកចែកបៀដែលនិយាយភាសាអេស្ប៉ាញ។</p>' },
    KO: { title: '새로운 라이브 룰렛 테이블', content: '<p>스페인어를 구사하는 딜러가 진행하는 라이브 룰렛 및 바카라 테이블 <strong>6개를 새로</strong> 열었습니다.</p>' },
    MS: { title: 'Meja rolet langsung baharu', content: '<p>Kami telah membuka <strong>6 meja baharu</strong> rolet dan bakarat langsung dengan dealer berbahasa Sepanyol.</p>' },
    PT: { title: 'Novas mesas de roleta ao vivo', content: '<p>Abrimos <strong>6 novas mesas</strong> de roleta e bacará ao vivo com croupiers que falam espanhol.</p>' },
    TA: { title: 'புதிய நேரலை ரூலெட் மேசைகள்', content: '<p>ஸ்பானிஷ் பேசும் டீலர்களுடன் நேரலை ரூலெட் மற்றும் பக்காரா விளையாட்டுக்கான <strong>6 புதிய</strong> மேசைகளைத் திறந்துள்ளோம்.</p>' },
    'ZH-TW': { title: '全新真人輪盤賭桌', content: '<p>我們新開設了<strong>6 張全新</strong>真人輪盤與百家樂賭桌，由說西班牙語的荷官主持。</p>' },
    TL: {
      title: 'Mga bagong live na mesa ng roulette',
      content: '<p>Nagbukas kami ng <strong>6 na bagong</strong> live na mesa ng roulette at baccarat na may mga dealer na nagsasalita ng Espanyol.</p>',
    },
    UR: { title: 'لائیو رولیٹ کی نئی میزیں', content: '<p>ہم نے ہسپانوی بولنے والے ڈیلرز کے ساتھ لائیو رولیٹ اور بیکارٹ کی <strong>6 نئی</strong> میزیں کھولی ہیں۔</p>' },
    'UR-LATN': { title: 'Live roulette ki nayi tables', content: '<p>Humne Spanish bolne wale dealers ke sath live roulette aur baccarat ki <strong>6 nayi</strong> tables kholi hain.</p>' },
    'PT-BR': { title: 'Novas mesas de roleta ao vivo', content: '<p>Abrimos <strong>6 novas mesas</strong> de roleta e bacará ao vivo com crupiês que falam espanhol.</p>' },
    TR: { title: 'Yeni canlı rulet masaları', content: '<p>İspanyolca konuşan krupiyelerle <strong>6 yeni</strong> canlı rulet ve bakara masası açtık.</p>' },
    BN: { title: 'নতুন লাইভ রুলেট টেবিল', content: '<p>আমরা স্প্যানিশভাষী ডিলারদের নিয়ে লাইভ রুলেট ও ব্যাকারার <strong>6টি নতুন</strong> টেবিল চালু করেছি।</p>' },
    AR: { title: 'طاولات روليت مباشرة جديدة', content: '<p>افتتحنا <strong>6 طاولات جديدة</strong> للروليت والباكارات المباشرة مع موزعين يتحدثون الإسبانية.</p>' },
    FA: { title: 'میزهای جدید رولت زنده', content: '<p>ما <strong>6 میز جدید</strong> رولت و باکارات زنده با دیلرهای اسپانیایی‌زبان راه‌اندازی کرده‌ایم.</p>' },
    RU: { title: 'Новые столы рулетки с живыми дилерами', content: '<p>Мы открыли <strong>6 новых</strong> столов рулетки и баккара с живыми испаноязычными дилерами.</p>' },
    KK: {
      title: 'Тікелей эфирдегі жаңа рулетка үстелдері',
      content: '<p>Біз испан тілінде сөйлейтін дилерлері бар тікелей эфирдегі рулетка мен баккараның <strong>6 жаңа</strong> үстелін аштық.</p>',
    },
    UZ: { title: 'Jonli ruletka uchun yangi stollar', content: '<p>Ispan tilida soʻzlashuvchi dilerlar bilan jonli ruletka va bakkaraning <strong>6 ta yangi</strong> stolini ochdik.</p>' },
    LO: { title: 'ໂຕະຣູເລັດສົດໃໝ່', content: '<p>ພວກເຮົາໄດ້ເປີດໂຕະຣູເລັດ ແລະ ບາຄາຣ່າສົດ<strong>ໃໝ່ 6 ໂຕະ</strong> ພ້ອມດີລເລີທີ່ເວົ້າພາສາສະເປນ.</p>' },
    NE: { title: 'नयाँ लाइभ रुलेट टेबलहरू', content: '<p>हामीले स्पेनिस बोल्ने डिलरसहित लाइभ रुलेट र ब्याकारातका <strong>6 नयाँ</strong> टेबल खोलेका छौँ।</p>' },
    FR: {
      title: 'Nouvelles tables de roulette en direct',
      content: '<p>Nous avons ouvert <strong>6 nouvelles</strong> tables de roulette et de baccara en direct avec des croupiers hispanophones.</p>',
    },
    TE: { title: 'కొత్త లైవ్ రౌలెట్ టేబుళ్లు', content: '<p>స్పానిష్ మాట్లాడే డీలర్లతో లైవ్ రౌలెట్ మరియు బకారా <strong>6 కొత్త</strong> టేబుళ్లను ప్రారంభించాము.</p>' },
    SW: { title: 'Meza mpya za rulet mubashara', content: '<p>Tumefungua <strong>meza 6 mpya</strong> za rulet na baccarat mubashara zenye wasimamizi wanaozungumza Kihispania.</p>' },
  },
  'notice-deposits': {
    ZH: { title: '存款数分钟内到账', content: '<p>SPEI 银行转账存款现在<strong>5 分钟内</strong>即可到账，每天都是如此。</p>' },
    JA: { title: '入金が数分で反映', content: '<p>SPEI銀行振込による入金が、毎日<strong>5分以内</strong>に反映されるようになりました。</p>' },
    TH: { title: 'เงินฝากเข้าบัญชีภายในไม่กี่นาที', content: '<p>การโอนเงินผ่านธนาคารด้วย SPEI จะเข้าบัญชีภายใน<strong>ไม่ถึง 5 นาที</strong> ทุกวัน</p>' },
    VI: { title: 'Tiền nạp vào tài khoản chỉ trong vài phút', content: '<p>Chuyển khoản ngân hàng SPEI giờ đây được cộng vào tài khoản trong <strong>chưa đầy 5 phút</strong>, mỗi ngày.</p>' },
    MY: { title: 'ငွေသွင်းမှုများ မိနစ်ပိုင်းအတွင်း ရောက်ရှိ', content: '<p>SPEI ဘဏ်ငွေလွှဲများသည် ယခုအခါ နေ့စဉ် <strong>5 မိနစ်အတွင်း</strong> အကောင့်ထဲ ရောက်ရှိပါသည်။</p>' },
    HI: { title: 'जमा राशि मिनटों में खाते में', content: '<p>SPEI बैंक ट्रांसफ़र अब हर दिन <strong>5 मिनट से कम</strong> में क्रेडिट हो जाते हैं।</p>' },
    ID: { title: 'Deposit masuk dalam hitungan menit', content: '<p>Transfer bank SPEI kini masuk dalam <strong>kurang dari 5 menit</strong>, setiap hari.</p>' },
    KM: { title: 'ប្រាក់បញ្ញើចូលគណនីក្នុងរយៈពេលប៉ុន្មាននាទី', content: '<p>ការផ្ទេរប្រាក់តាមធនាគារ SPEI ឥឡូវនេះចូលគណនីក្នុងរយៈពេល<strong>តិចជាង 5 នាទី</strong> រៀងរាល់ថ្ងៃ។</p>' },
    KO: { title: '몇 분 만에 입금 반영', content: '<p>이제 SPEI 계좌 이체 입금이 매일 <strong>5분 이내</strong>에 반영됩니다.</p>' },
    MS: { title: 'Deposit dikreditkan dalam beberapa minit', content: '<p>Pindahan bank SPEI kini dikreditkan dalam <strong>masa kurang daripada 5 minit</strong>, setiap hari.</p>' },
    PT: { title: 'Depósitos creditados em minutos', content: '<p>As transferências bancárias SPEI são agora creditadas em <strong>menos de 5 minutos</strong>, todos os dias.</p>' },
    TA: { title: 'சில நிமிடங்களில் வைப்புத்தொகை வரவு', content: '<p>SPEI வங்கிப் பரிமாற்றங்கள் இப்போது தினமும் <strong>5 நிமிடங்களுக்குள்</strong> வரவு வைக்கப்படுகின்றன.</p>' },
    'ZH-TW': { title: '存款數分鐘內入帳', content: '<p>SPEI 銀行轉帳存款現在<strong>5 分鐘內</strong>即可入帳，每天皆是如此。</p>' },
    TL: { title: 'Pumapasok ang deposito sa loob ng ilang minuto', content: '<p>Pumapasok na ngayon ang mga bank transfer sa SPEI sa loob ng <strong>wala pang 5 minuto</strong>, araw-araw.</p>' },
    UR: { title: 'ڈپازٹ چند منٹوں میں اکاؤنٹ میں', content: '<p>SPEI بینک ٹرانسفر اب ہر روز <strong>5 منٹ سے کم</strong> میں جمع ہو جاتے ہیں۔</p>' },
    'UR-LATN': { title: 'Deposit chand minton mein account mein', content: '<p>SPEI bank transfer ab har roz <strong>5 minute se kam</strong> mein jama ho jate hain.</p>' },
    'PT-BR': { title: 'Depósitos creditados em poucos minutos', content: '<p>As transferências bancárias via SPEI agora são creditadas em <strong>menos de 5 minutos</strong>, todos os dias.</p>' },
    TR: { title: 'Para yatırma işlemleri dakikalar içinde hesapta', content: '<p>SPEI banka havaleleri artık her gün <strong>5 dakikadan kısa sürede</strong> hesabınıza geçiyor.</p>' },
    BN: { title: 'কয়েক মিনিটেই ডিপোজিট জমা', content: '<p>SPEI ব্যাংক ট্রান্সফার এখন প্রতিদিন <strong>5 মিনিটের কম সময়ে</strong> জমা হয়ে যায়।</p>' },
    AR: { title: 'إيداعات تُضاف خلال دقائق', content: '<p>أصبحت التحويلات المصرفية عبر SPEI تُضاف إلى رصيدك في <strong>أقل من 5 دقائق</strong> كل يوم.</p>' },
    FA: { title: 'واریزها در عرض چند دقیقه', content: '<p>واریزهای بانکی از طریق SPEI اکنون هر روز در <strong>کمتر از 5 دقیقه</strong> به حساب شما می‌نشیند.</p>' },
    RU: { title: 'Зачисление депозитов за минуты', content: '<p>Банковские переводы SPEI теперь зачисляются <strong>менее чем за 5 минут</strong>, каждый день.</p>' },
    KK: { title: 'Депозиттер бірнеше минутта түседі', content: '<p>SPEI банк аударымдары енді күн сайын <strong>5 минуттан аз уақытта</strong> түседі.</p>' },
    UZ: { title: 'Depozitlar bir necha daqiqada tushadi', content: '<p>SPEI bank oʻtkazmalari endi har kuni <strong>5 daqiqadan kam vaqtda</strong> hisobga tushadi.</p>' },
    LO: { title: 'ເງິນຝາກເຂົ້າບັນຊີພາຍໃນບໍ່ເທົ່າໃດນາທີ', content: '<p>ການໂອນເງິນຜ່ານທະນາຄານດ້ວຍ SPEI ຕອນນີ້ເຂົ້າບັນຊີພາຍໃນ<strong>ບໍ່ເຖິງ 5 ນາທີ</strong> ທຸກໆມື້.</p>' },
    NE: { title: 'केही मिनेटमै जम्मा रकम खातामा', content: '<p>SPEI बैंक ट्रान्सफर अब हरेक दिन <strong>5 मिनेटभन्दा कम</strong> समयमा खातामा जम्मा हुन्छ।</p>' },
    FR: { title: 'Dépôts crédités en quelques minutes', content: '<p>Les virements bancaires SPEI sont désormais crédités en <strong>moins de 5 minutes</strong>, tous les jours.</p>' },
    TE: { title: 'నిమిషాల్లోనే డిపాజిట్లు జమ', content: '<p>SPEI బ్యాంక్ బదిలీలు ఇప్పుడు ప్రతిరోజూ <strong>5 నిమిషాల లోపే</strong> జమ అవుతాయి.</p>' },
    SW: { title: 'Amana huingia ndani ya dakika chache', content: '<p>Uhamisho wa benki kupitia SPEI sasa huingia ndani ya <strong>chini ya dakika 5</strong>, kila siku.</p>' },
  },
  'notice-responsible': {
    ZH: { title: '理性游戏', content: '<p>您可以在账户中设置存款限额；如果游戏不再有趣，请及时寻求帮助。仅限 18 岁以上人士参与。</p>' },
    JA: { title: '責任あるプレイを', content: '<p>アカウントから入金限度額を設定できます。ゲームが楽しめなくなったら、ためらわずに助けを求めてください。18歳以上の方のみご利用いただけます。</p>' },
    TH: { title: 'เล่นอย่างมีความรับผิดชอบ', content: '<p>ตั้งวงเงินฝากได้จากบัญชีของคุณ และขอความช่วยเหลือหากการเล่นเกมไม่สนุกอีกต่อไป สำหรับผู้ที่มีอายุ 18 ปีขึ้นไปเท่านั้น</p>' },
    VI: {
      title: 'Chơi có trách nhiệm',
      content: '<p>Hãy đặt hạn mức nạp tiền trong tài khoản của bạn và tìm kiếm sự giúp đỡ nếu việc chơi không còn vui nữa. Chỉ dành cho người từ 18 tuổi trở lên.</p>',
    },
    MY: { title: 'တာဝန်သိစွာ ကစားပါ', content: '<p>သင့်အကောင့်မှ ငွေသွင်းကန့်သတ်ချက်များ သတ်မှတ်ပြီး ကစားခြင်းက ပျော်စရာမဟုတ်တော့ပါက အကူအညီတောင်းပါ။ အသက် 18 နှစ်အထက်သာ။</p>' },
    HI: { title: 'ज़िम्मेदारी से खेलें', content: '<p>अपने खाते से जमा सीमा तय करें और अगर खेलना मज़ेदार न रहे तो मदद माँगें। केवल 18 वर्ष से अधिक आयु वालों के लिए।</p>' },
    ID: {
      title: 'Bermain secara bertanggung jawab',
      content: '<p>Atur batas deposit dari akun Anda dan mintalah bantuan jika bermain tidak lagi menyenangkan. Hanya untuk usia 18 tahun ke atas.</p>',
    },
    KM: { title: 'លេងដោយទំនួលខុសត្រូវ', content: '<p>កំណត់ដែនកំណត់ប្រាក់បញ្ញើពីគណនីរបស់អ្នក ហើយស្វែងរកជំនួយប្រសិនបើការលេងលែងសប្បាយ។ សម្រាប់តែអ្នកដែលមានអាយុលើស 18 ឆ្នាំប៉ុណ្ណោះ។</p>' },
    KO: { title: '책임감 있는 게임', content: '<p>계정에서 입금 한도를 설정하고, 게임이 더 이상 즐겁지 않다면 도움을 요청하세요. 18세 이상만 이용할 수 있습니다.</p>' },
    MS: {
      title: 'Bermain secara bertanggungjawab',
      content: '<p>Tetapkan had deposit daripada akaun anda dan dapatkan bantuan jika permainan tidak lagi menyeronokkan. Hanya untuk mereka yang berumur 18 tahun ke atas.</p>',
    },
    PT: { title: 'Jogue com responsabilidade', content: '<p>Defina limites de depósito na sua conta e peça ajuda se o jogo deixar de ser divertido. Apenas para maiores de 18 anos.</p>' },
    TA: {
      title: 'பொறுப்புடன் விளையாடுங்கள்',
      content: '<p>உங்கள் கணக்கிலிருந்து வைப்பு வரம்புகளை அமைத்துக்கொள்ளுங்கள்; விளையாட்டு மகிழ்ச்சியைத் தராவிட்டால் உதவி கேளுங்கள். 18 வயதுக்கு மேற்பட்டவர்களுக்கு மட்டும்.</p>',
    },
    'ZH-TW': { title: '理性遊戲', content: '<p>您可以在帳戶中設定存款限額；如果遊戲不再有趣，請及時尋求協助。僅限 18 歲以上人士參與。</p>' },
    TL: {
      title: 'Maglaro nang responsable',
      content: '<p>Magtakda ng limitasyon sa deposito mula sa iyong account at humingi ng tulong kung hindi na masaya ang paglalaro. Para lamang sa edad 18 pataas.</p>',
    },
    UR: { title: 'ذمہ داری سے کھیلیں', content: '<p>اپنے اکاؤنٹ سے ڈپازٹ کی حدیں مقرر کریں اور اگر کھیل تفریح نہ رہے تو مدد طلب کریں۔ صرف 18 سال سے زائد عمر کے افراد کے لیے۔</p>' },
    'UR-LATN': {
      title: 'Zimmedari se khelein',
      content: '<p>Apne account se deposit ki hadein muqarrar karein aur agar khel tafreeh na rahe to madad talab karein. Sirf 18 saal se zyada umar ke afraad ke liye.</p>',
    },
    'PT-BR': { title: 'Jogue com responsabilidade', content: '<p>Defina limites de depósito na sua conta e peça ajuda se o jogo deixar de ser diversão. Somente para maiores de 18 anos.</p>' },
    TR: { title: 'Sorumlu oynayın', content: '<p>Hesabınızdan para yatırma limitleri belirleyin ve oyun eğlenceli olmaktan çıkarsa yardım isteyin. Yalnızca 18 yaş üstü içindir.</p>' },
    BN: { title: 'দায়িত্বের সঙ্গে খেলুন', content: '<p>আপনার অ্যাকাউন্ট থেকে জমার সীমা ঠিক করুন এবং খেলা আর আনন্দদায়ক না থাকলে সাহায্য চান। শুধুমাত্র 18 বছরের বেশি বয়সীদের জন্য।</p>' },
    AR: { title: 'العب بمسؤولية', content: '<p>حدّد سقوفًا للإيداع من حسابك واطلب المساعدة إذا لم يعد اللعب ممتعًا. للبالغين فوق 18 عامًا فقط.</p>' },
    FA: { title: 'مسئولانه بازی کنید', content: '<p>از حساب خود برای واریز سقف تعیین کنید و اگر بازی دیگر سرگرم‌کننده نبود، کمک بخواهید. فقط برای افراد بالای 18 سال.</p>' },
    RU: {
      title: 'Играйте ответственно',
      content: '<p>Установите лимиты на депозиты в своём аккаунте и обратитесь за помощью, если игра перестала приносить удовольствие. Только для лиц старше 18 лет.</p>',
    },
    KK: { title: 'Жауапкершілікпен ойнаңыз', content: '<p>Аккаунтыңызда депозит лимиттерін орнатыңыз, ал ойын қызық болмай қалса, көмек сұраңыз. Тек 18 жастан асқандарға арналған.</p>' },
    UZ: { title: 'Masʼuliyat bilan oʻynang', content: '<p>Hisobingizdan depozit limitlarini belgilang va oʻyin zavq bermay qoʻysa, yordam soʻrang. Faqat 18 yoshdan kattalar uchun.</p>' },
    LO: { title: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ', content: '<p>ຕັ້ງວົງເງິນຝາກໄດ້ຈາກບັນຊີຂອງທ່ານ ແລະ ຂໍຄວາມຊ່ວຍເຫຼືອຫາກການຫຼິ້ນເກມບໍ່ມ່ວນອີກຕໍ່ໄປ. ສະເພາະຜູ້ທີ່ມີອາຍຸ 18 ປີຂຶ້ນໄປເທົ່ານັ້ນ.</p>' },
    NE: { title: 'जिम्मेवारीपूर्वक खेल्नुहोस्', content: '<p>आफ्नो खाताबाट जम्मा सीमा तोक्नुहोस् र खेल रमाइलो लाग्न छाडेमा सहयोग माग्नुहोस्। 18 वर्षभन्दा माथिकालाई मात्र।</p>' },
    FR: {
      title: 'Jouez de manière responsable',
      content: '<p>Fixez des limites de dépôt depuis votre compte et demandez de l’aide si le jeu cesse d’être un plaisir. Réservé aux plus de 18 ans.</p>',
    },
    TE: { title: 'బాధ్యతాయుతంగా ఆడండి', content: '<p>మీ ఖాతా నుండి డిపాజిట్ పరిమితులను సెట్ చేసుకోండి; ఆట సరదాగా అనిపించకపోతే సహాయం అడగండి. 18 ఏళ్లు పైబడిన వారికి మాత్రమే.</p>' },
    SW: {
      title: 'Cheza kwa uwajibikaji',
      content: '<p>Weka vikomo vya amana kutoka kwenye akaunti yako na uombe msaada ikiwa michezo haikufurahishi tena. Kwa walio na umri wa zaidi ya miaka 18 pekee.</p>',
    },
  },
  'notice-members': {
    ZH: { title: '您的返水每周一到账', content: '<p>周一请查看您的账户记录：10% 返水将在中午前到账。</p>' },
    JA: { title: 'キャッシュバックは毎週月曜日に', content: '<p>月曜日にアカウント履歴をご確認ください。10%のキャッシュバックは正午までに付与されます。</p>' },
    TH: { title: 'เงินคืนของคุณเข้าทุกวันจันทร์', content: '<p>ตรวจสอบประวัติบัญชีของคุณในวันจันทร์ เงินคืน 10% จะเข้าบัญชีก่อนเที่ยงวัน</p>' },
    VI: { title: 'Tiền hoàn trả của bạn về vào mỗi thứ Hai', content: '<p>Hãy kiểm tra lịch sử tài khoản vào thứ Hai: khoản hoàn tiền 10% được cộng trước buổi trưa.</p>' },
    MY: { title: 'သင့်ငွေပြန်အမ်းငွေ တနင်္လာနေ့တိုင်း ရောက်ရှိ', content: '<p>တနင်္လာနေ့တွင် သင့်အကောင့်မှတ်တမ်းကို စစ်ဆေးပါ- 10% ငွေပြန်အမ်းငွေကို မွန်းတည့်ချိန်မတိုင်မီ ထည့်သွင်းပေးပါသည်။</p>' },
    HI: { title: 'आपका कैशबैक हर सोमवार आता है', content: '<p>सोमवार को अपना खाता रिकॉर्ड देखें: 10% कैशबैक दोपहर से पहले क्रेडिट हो जाता है।</p>' },
    ID: { title: 'Cashback Anda tiba setiap Senin', content: '<p>Periksa riwayat akun Anda pada hari Senin: cashback 10% dikreditkan sebelum tengah hari.</p>' },
    KM: { title: 'ប្រាក់ត្រឡប់មកវិញរបស់អ្នកចូលរៀងរាល់ថ្ងៃច័ន្ទ', content: '<p>សូមពិនិត្យកំណត់ត្រាគណនីរបស់អ្នកនៅថ្ងៃច័ន្ទ៖ ប្រាក់ត្រឡប់មកវិញ 10% ត្រូវបានបញ្ចូលមុនថ្ងៃត្រង់។</p>' },
    KO: { title: '캐시백은 매주 월요일에 지급됩니다', content: '<p>월요일에 계정 내역을 확인하세요. 10% 캐시백이 정오 전에 지급됩니다.</p>' },
    MS: { title: 'Pulangan tunai anda tiba setiap Isnin', content: '<p>Semak rekod akaun anda pada hari Isnin: pulangan tunai 10% dikreditkan sebelum tengah hari.</p>' },
    PT: { title: 'O seu cashback chega todas as segundas-feiras', content: '<p>Consulte o histórico da sua conta na segunda-feira: o cashback de 10% é creditado antes do meio-dia.</p>' },
    TA: { title: 'உங்கள் கேஷ்பேக் ஒவ்வொரு திங்கட்கிழமையும் வரும்', content: '<p>திங்கட்கிழமை உங்கள் கணக்குப் பதிவைச் சரிபாருங்கள்: 10% கேஷ்பேக் மதியத்திற்கு முன் வரவு வைக்கப்படும்.</p>' },
    'ZH-TW': { title: '您的返水每週一入帳', content: '<p>週一請查看您的帳戶紀錄：10% 返水將於中午前入帳。</p>' },
    TL: { title: 'Dumarating ang iyong cashback tuwing Lunes', content: '<p>Tingnan ang record ng iyong account sa Lunes: ikinikredito ang 10% na cashback bago magtanghali.</p>' },
    UR: { title: 'آپ کا کیش بیک ہر پیر کو آتا ہے', content: '<p>پیر کو اپنے اکاؤنٹ کا ریکارڈ دیکھیں: 10% کیش بیک دوپہر سے پہلے جمع کر دیا جاتا ہے۔</p>' },
    'UR-LATN': { title: 'Aap ka cashback har Peer ko aata hai', content: '<p>Peer ko apna account record dekhein: 10% cashback dopahar se pehle jama kar diya jata hai.</p>' },
    'PT-BR': { title: 'Seu cashback chega toda segunda-feira', content: '<p>Confira o histórico da sua conta na segunda-feira: o cashback de 10% é creditado antes do meio-dia.</p>' },
    TR: { title: 'Nakit iadeniz her pazartesi hesabınızda', content: '<p>Pazartesi günü hesap geçmişinizi kontrol edin: 10% nakit iade öğleden önce hesabınıza geçer.</p>' },
    BN: { title: 'আপনার ক্যাশব্যাক প্রতি সোমবার আসে', content: '<p>সোমবার আপনার অ্যাকাউন্টের রেকর্ড দেখুন: 10% ক্যাশব্যাক দুপুরের আগেই জমা হয়।</p>' },
    AR: { title: 'استردادك النقدي يصل كل يوم اثنين', content: '<p>راجع سجل حسابك يوم الاثنين: يُضاف الاسترداد النقدي البالغ 10% قبل الظهر.</p>' },
    FA: { title: 'کش‌بک شما هر دوشنبه واریز می‌شود', content: '<p>دوشنبه سوابق حساب خود را بررسی کنید: کش‌بک 10% پیش از ظهر واریز می‌شود.</p>' },
    RU: { title: 'Ваш кешбэк приходит каждый понедельник', content: '<p>Проверьте историю счёта в понедельник: кешбэк 10% зачисляется до полудня.</p>' },
    KK: { title: 'Кэшбэгіңіз әр дүйсенбіде түседі', content: '<p>Дүйсенбі күні шот тарихын тексеріңіз: 10% кэшбэк түске дейін есептеледі.</p>' },
    UZ: { title: 'Keshbekingiz har dushanba tushadi', content: '<p>Dushanba kuni hisob tarixingizni tekshiring: 10% keshbek tushgacha hisobga oʻtkaziladi.</p>' },
    LO: { title: 'ເງິນຄືນຂອງທ່ານເຂົ້າທຸກວັນຈັນ', content: '<p>ກວດເບິ່ງປະຫວັດບັນຊີຂອງທ່ານໃນວັນຈັນ: ເງິນຄືນ 10% ຈະເຂົ້າບັນຊີກ່ອນທ່ຽງ.</p>' },
    NE: { title: 'तपाईंको क्यासब्याक हरेक सोमबार आउँछ', content: '<p>सोमबार आफ्नो खाताको रेकर्ड हेर्नुहोस्: 10% क्यासब्याक मध्यान्हअघि नै जम्मा हुन्छ।</p>' },
    FR: { title: 'Votre cashback arrive chaque lundi', content: '<p>Consultez l’historique de votre compte le lundi : le cashback de 10% est crédité avant midi.</p>' },
    TE: { title: 'మీ క్యాష్‌బ్యాక్ ప్రతి సోమవారం వస్తుంది', content: '<p>సోమవారం మీ ఖాతా రికార్డును చూడండి: 10% క్యాష్‌బ్యాక్ మధ్యాహ్నం లోపే జమ అవుతుంది.</p>' },
    SW: { title: 'Marejesho yako huja kila Jumatatu', content: '<p>Angalia historia ya akaunti yako Jumatatu: marejesho ya 10% huwekwa kabla ya saa sita mchana.</p>' },
  },
  'notice-agents': {
    ZH: { title: '代理：团队每小时报表', content: '<p>代理中心现在可按小时查看您团队的投注情况。</p>' },
    JA: { title: 'エージェント向け：チームの時間別レポート', content: '<p>エージェントセンターで、チームのベットを1時間ごとに確認できるようになりました。</p>' },
    TH: { title: 'เอเจนต์: รายงานทีมรายชั่วโมง', content: '<p>ศูนย์เอเจนต์แสดงการเดิมพันของทีมคุณแบบรายชั่วโมงแล้ว</p>' },
    VI: { title: 'Đại lý: báo cáo đội nhóm theo giờ', content: '<p>Trung tâm đại lý giờ đây hiển thị các cược của đội nhóm bạn theo từng giờ.</p>' },
    MY: { title: 'အေးဂျင့်များ- အဖွဲ့၏ နာရီအလိုက် အစီရင်ခံစာများ', content: '<p>အေးဂျင့်စင်တာတွင် သင့်အဖွဲ့၏ လောင်းကြေးများကို ယခု နာရီအလိုက် ပြသပေးပါသည်။</p>' },
    HI: { title: 'एजेंट: टीम की प्रति घंटा रिपोर्ट', content: '<p>एजेंट सेंटर अब आपकी टीम के दांव घंटे-दर-घंटे दिखाता है।</p>' },
    ID: { title: 'Agen: laporan tim per jam', content: '<p>Pusat agen kini menampilkan taruhan tim Anda jam demi jam.</p>' },
    KM: { title: 'ភ្នាក់ងារ៖ របាយការណ៍ក្រុមប្រចាំម៉ោង', content: '<p>មជ្ឈមណ្ឌលភ្នាក់ងារឥឡូវនេះបង្ហាញការភ្នាល់របស់ក្រុមអ្នកតាមម៉ោងនីមួយៗ។</p>' },
    KO: { title: '에이전트: 팀 시간별 보고서', content: '<p>이제 에이전트 센터에서 팀의 베팅을 시간대별로 확인할 수 있습니다.</p>' },
    MS: { title: 'Ejen: laporan pasukan setiap jam', content: '<p>Pusat ejen kini memaparkan pertaruhan pasukan anda jam demi jam.</p>' },
    PT: { title: 'Agentes: relatórios de equipa por hora', content: '<p>O centro de agentes mostra agora as apostas da sua equipa hora a hora.</p>' },
    TA: { title: 'முகவர்கள்: அணியின் மணிநேர அறிக்கைகள்', content: '<p>முகவர் மையம் இப்போது உங்கள் அணியின் பந்தயங்களை மணிநேர வாரியாகக் காட்டுகிறது.</p>' },
    'ZH-TW': { title: '代理：團隊每小時報表', content: '<p>代理中心現在可依小時查看您團隊的投注狀況。</p>' },
    TL: { title: 'Mga ahente: oras-oras na ulat ng team', content: '<p>Ipinapakita na ngayon ng sentro ng ahente ang mga taya ng iyong team bawat oras.</p>' },
    UR: { title: 'ایجنٹس: ٹیم کی گھنٹہ وار رپورٹس', content: '<p>ایجنٹ سینٹر اب آپ کی ٹیم کی بیٹس گھنٹہ بہ گھنٹہ دکھاتا ہے۔</p>' },
    'UR-LATN': { title: 'Agents: team ki ghanta-war reports', content: '<p>Agent centre ab aap ki team ki bets ghanta ba ghanta dikhata hai.</p>' },
    'PT-BR': { title: 'Agentes: relatórios da equipe por hora', content: '<p>A central de agentes agora mostra as apostas da sua equipe hora a hora.</p>' },
    TR: { title: 'Temsilciler: saatlik ekip raporları', content: '<p>Temsilci merkezi artık ekibinizin bahislerini saat saat gösteriyor.</p>' },
    BN: { title: 'এজেন্টদের জন্য: দলের ঘণ্টাভিত্তিক রিপোর্ট', content: '<p>এজেন্ট সেন্টার এখন আপনার দলের বাজি ঘণ্টায় ঘণ্টায় দেখায়।</p>' },
    AR: { title: 'الوكلاء: تقارير الفريق كل ساعة', content: '<p>يعرض مركز الوكلاء الآن رهانات فريقك ساعةً بساعة.</p>' },
    FA: { title: 'نمایندگان: گزارش ساعتی تیم', content: '<p>مرکز نمایندگان اکنون شرط‌های تیم شما را ساعت به ساعت نشان می‌دهد.</p>' },
    RU: { title: 'Агентам: ежечасные отчёты по команде', content: '<p>Центр агентов теперь показывает ставки вашей команды по часам.</p>' },
    KK: { title: 'Агенттерге: команданың сағаттық есептері', content: '<p>Агент орталығы енді командаңыздың ставкаларын сағат сайын көрсетеді.</p>' },
    UZ: { title: 'Agentlar uchun: jamoaning soatlik hisobotlari', content: '<p>Agentlar markazi endi jamoangiz tikishlarini soatma-soat koʻrsatadi.</p>' },
    LO: { title: 'ຕົວແທນ: ລາຍງານທີມລາຍຊົ່ວໂມງ', content: '<p>ສູນຕົວແທນຕອນນີ້ສະແດງການພະນັນຂອງທີມທ່ານເປັນລາຍຊົ່ວໂມງ.</p>' },
    NE: { title: 'एजेन्टहरू: टोलीको घण्टागत रिपोर्ट', content: '<p>एजेन्ट केन्द्रले अब तपाईंको टोलीका बाजीहरू घण्टा-घण्टामा देखाउँछ।</p>' },
    FR: { title: 'Agents : rapports d’équipe heure par heure', content: '<p>Le centre des agents affiche désormais les paris de votre équipe heure par heure.</p>' },
    TE: { title: 'ఏజెంట్లకు: టీమ్ గంటవారీ నివేదికలు', content: '<p>ఏజెంట్ సెంటర్ ఇప్పుడు మీ టీమ్ బెట్లను గంటగంటకూ చూపిస్తుంది.</p>' },
    SW: { title: 'Mawakala: ripoti za timu kila saa', content: '<p>Kituo cha mawakala sasa kinaonyesha dau za timu yako saa kwa saa.</p>' },
  },
};
