import iconv from 'iconv-lite';

// Mining news as Russian, Japanese, Chinese and Korean publishers send it in their legacy encodings, with
// no charset anywhere (header, XML declaration, <meta>). Written for these tests: the companies, mines and
// places are real, the sentences are ours. Each feed has five headlines with a sentence each, as a real
// feed's first screen has; the short titles are one headline alone, the least a feed can give a detector.

export interface LegacyFeed {
  /** iconv-lite's name for the bytes. */
  encoding: string;
  /** The WHATWG name `decodeText` answers for them. */
  detected: string;
  title: string;
  items: { title: string; description: string }[];
}

export const LEGACY_FEEDS: readonly LegacyFeed[] = [
  {
    // KOI8-R has no guillemets: Russian publishers on it used straight quotes.
    encoding: 'koi8-r',
    detected: 'KOI8-R',
    title: 'Горные новости',
    items: [
      {
        title: '"Норникель" увеличил производство никеля на 5% в третьем квартале',
        description:
          'Компания сообщила, что рост выпуска обеспечили рудники Талнахского узла и модернизация Надеждинского металлургического завода.',
      },
      {
        title: 'Полиметалл начал опытную добычу на месторождении Кызыл в Казахстане',
        description: 'Первая руда поступила на фабрику, выход на проектную мощность ожидается к концу года.',
      },
      {
        title: 'Золотодобытчики Магаданской области нарастили выпуск на 12%',
        description:
          'По данным регионального правительства, артели и крупные компании добыли более сорока тонн золота.',
      },
      {
        title: 'АЛРОСА сократила продажи алмазов из-за снижения спроса',
        description: 'Выручка от продажи необработанных алмазов в октябре снизилась, часть запасов остается на складе.',
      },
      {
        title: 'Русская медная компания вывела Томинский ГОК на проектную мощность',
        description: 'Комбинат под Челябинском перерабатывает двадцать восемь миллионов тонн руды в год.',
      },
    ],
  },
  {
    encoding: 'windows-1251',
    detected: 'windows-1251',
    title: 'Металлы и добыча',
    items: [
      {
        title: '«Полюс» утвердил план освоения Сухого Лога',
        description:
          'Строительство фабрики на крупнейшем в России золоторудном месторождении начнется в следующем году.',
      },
      {
        title: 'Казатомпром снизил прогноз добычи урана',
        description: 'Компания объяснила пересмотр нехваткой серной кислоты и задержками на новых участках.',
      },
      {
        title: '«Удоканская медь» выпустила первый катод',
        description: 'Горно-металлургический комбинат в Забайкальском крае вышел на первую очередь переработки.',
      },
    ],
  },
  {
    encoding: 'shift_jis',
    detected: 'Shift_JIS',
    title: '鉱業ニュース',
    items: [
      {
        title: '住友金属鉱山、チリのケブラダ・ブランカ銅鉱山の権益を追加取得',
        description: '同社は追加取得により持分比率を引き上げ、銅精鉱の長期的な確保を目指すと発表した。',
      },
      {
        title: '三菱マテリアル、金の生産量が前年比８％増加',
        description: '直島製錬所でのリサイクル原料の処理量が増えたことが主な要因としている。',
      },
      {
        title: 'ＪＯＧＭＥＣ、豪州のリチウム探鉱プロジェクトに出資',
        description: '西オーストラリア州の鉱区で探鉱を進める現地企業と共同で調査を行う。',
      },
      {
        title: 'ＤＯＷＡホールディングス、秋田の製錬所で亜鉛の回収率を改善',
        description: '新しい浸出工程の導入により、年間の亜鉛生産量は約三千トン増える見込み。',
      },
      {
        title: '菱刈鉱山の金鉱石品位、１トン当たり２０グラムを維持',
        description: '鹿児島県にある国内唯一の商業金山で、今年度も安定した操業が続いている。',
      },
    ],
  },
  {
    // GB2312 characters only, so the bytes are GB2312 as much as GBK; WHATWG reads both as GBK (gb18030).
    encoding: 'gb2312',
    detected: 'gb18030',
    title: '矿业新闻',
    items: [
      {
        title: '紫金矿业收购加纳阿基姆金矿 年产黄金约八吨',
        description: '公司表示，交易完成后将进一步扩大海外黄金资源储量，并计划在两年内完成选厂扩建。',
      },
      {
        title: '洛阳钼业刚果（金）铜钴产量创新高',
        description: '腾科丰古鲁梅和卡莫亚两大项目前三季度共生产铜四十万吨，钴产量同比增长。',
      },
      {
        title: '江西铜业上半年阴极铜产量同比增长百分之六',
        description: '贵溪冶炼厂完成技术改造，硫酸和黄金等副产品的产量也有所提高。',
      },
      {
        title: '赣锋锂业与阿根廷盐湖项目签署承购协议',
        description: '根据协议，公司将在未来五年内采购该项目生产的碳酸锂产品。',
      },
      {
        title: '中国五矿在秘鲁拉斯邦巴斯铜矿恢复运输',
        description: '当地社区的道路封锁结束后，铜精矿运输车队已重新前往港口。',
      },
    ],
  },
  {
    encoding: 'big5',
    detected: 'Big5',
    title: '礦業新聞',
    items: [
      {
        title: '紫金礦業收購加納金礦 年產黃金約八噸',
        description: '公司表示，交易完成後將擴大海外黃金資源，並計劃兩年內完成選礦廠擴建。',
      },
      {
        title: '中鋼與澳洲鐵礦商簽訂長期供應合約',
        description: '合約為期十年，每年供應鐵礦砂約五百萬公噸，價格按季調整。',
      },
      {
        title: '洛陽鉬業剛果銅鈷產量創新高',
        description: '兩大礦區前三季共生產銅四十萬噸，鈷產量較去年同期成長。',
      },
      {
        title: '必和必拓西澳鐵礦石出貨量增加',
        description: '皮爾巴拉地區港口擴建完成後，季度出貨量達到歷史新高。',
      },
      {
        title: '力拓蒙古奧尤陶勒蓋銅礦地下礦場投產',
        description: '地下礦場全面投產後，該礦預計成為全球第四大銅礦。',
      },
    ],
  },
  {
    encoding: 'euc-kr',
    detected: 'EUC-KR',
    title: '광업 뉴스',
    items: [
      {
        title: '고려아연, 호주 니켈 광산 지분 인수',
        description: '회사는 이번 인수로 이차전지 소재에 필요한 니켈 원료를 안정적으로 확보하게 됐다고 밝혔다.',
      },
      {
        title: '포스코홀딩스, 아르헨티나 리튬 염호 2단계 착공',
        description: '2단계 공장이 완공되면 연간 수산화리튬 생산능력은 약 5만 톤으로 늘어난다.',
      },
      {
        title: '한국광해광업공단, 칠레 구리 광산 투자 확대',
        description: '공단은 국내 기업의 해외 자원 개발을 지원하기 위해 융자 규모를 늘리기로 했다.',
      },
      {
        title: 'LS MnM, 필리핀 동 제련소 증설 검토',
        description: '회사는 전기동 수요 증가에 대응해 제련 능력을 단계적으로 확대할 계획이다.',
      },
      {
        title: '영풍 석포제련소, 아연 생산량 회복',
        description: '조업 정지 기간이 끝나면서 월간 아연 생산량이 예년 수준으로 돌아왔다.',
      },
    ],
  },
];

/**
 * One short headline per encoding, alone in a feed whose other text is ASCII markup: the shortest texts we
 * state the detector reads right (ARCHITECTURE.md, "Feeds that survive").
 */
export const SHORT_TITLES: readonly { encoding: string; detected: string; title: string }[] = [
  { encoding: 'koi8-r', detected: 'KOI8-R', title: 'Никель дорожает' },
  { encoding: 'windows-1251', detected: 'windows-1251', title: 'Золото дорожает' },
  { encoding: 'shift_jis', detected: 'Shift_JIS', title: '金価格が上昇' },
  { encoding: 'gb2312', detected: 'gb18030', title: '铜价上涨' },
  { encoding: 'big5', detected: 'Big5', title: '金價創新高' },
  { encoding: 'euc-kr', detected: 'EUC-KR', title: '구리 가격 급등' },
];

/**
 * Western headlines in windows-1252, undeclared: what the detector must leave as windows-1252 (curly quotes,
 * a euro sign, one accented place name in an English feed; French, Spanish, Portuguese, German).
 */
export const WESTERN_TITLES: readonly string[] = [
  'Newmont’s Boddington mine hits record output',
  'Barrick says “no change” to Reko Diq timeline – copper up 38%',
  'Gold miner raises €25 million for its Finnish project',
  'Mines in Québec',
  'Agnico Eagle prolonge la durée de vie de la mine LaRonde au Québec',
  'Minería: Codelco reporta caída de producción en El Teniente',
  'Vale retoma produção de minério de ferro em Brucutu',
  'Aurubis erhöht Kupferproduktion in Hamburg',
];

/** `text` in `encoding`; throws when a character has no code there (iconv-lite would write '?'). */
export function legacyBytes(text: string, encoding: string): Uint8Array {
  const bytes = iconv.encode(text, encoding);
  if (iconv.decode(bytes, encoding) !== text) throw new Error(`${encoding} cannot encode all of: ${text}`);
  return new Uint8Array(bytes);
}
