/**
 * The demo catalogue written by the project (never copied from the real catalogue): textbooks
 * with public titles and real publishers, chapter outlines, short lesson texts for the books that
 * get a generated PDF, and the network-learning lessons made as videos.
 */
import type { TextbookAccess } from '@eav/contract';

export interface DemoLesson {
  title: string;
  /** Paragraphs of the lesson (the PDF prints them; 2–4 sentences each). */
  text?: string[];
  /** Practice questions printed in a box after the text. */
  exercises?: string[];
}
export interface DemoUnit {
  title: string;
  lessons: DemoLesson[];
}
export interface DemoBook {
  slug: string;
  title: string;
  stage: '小学' | '初中' | '高中';
  subject: string;
  edition: string;
  publisher: string;
  grade: string | null;
  volume: string;
  access: TextbookAccess;
  description: string;
  units: DemoUnit[];
  /** Generate a PDF for this book at seed time. */
  pdf?: boolean;
}

const u = (title: string, ...lessons: string[]): DemoUnit => ({ title, lessons: lessons.map((t) => ({ title: t })) });

/** Books with full lesson texts (these get PDFs). */
const MATH7: DemoBook = {
  slug: 'math-7a-rjb',
  title: '义务教育教科书·数学七年级上册',
  stage: '初中',
  subject: '数学',
  edition: '人教版',
  publisher: '人民教育出版社',
  grade: '七年级',
  volume: '上册',
  access: 'public',
  pdf: true,
  description:
    '本册包括有理数、整式的加减、一元一次方程、几何图形初步四章，注重从生活情境中抽象出数学概念，培养运算能力与空间观念。',
  units: [
    {
      title: '第一章 有理数',
      lessons: [
        {
          title: '1.1 正数和负数',
          text: [
            '在生活中，我们常常遇到具有相反意义的量。例如，气温有零上和零下，账目有收入和支出，海拔有高于海平面和低于海平面。为了区分这些相反意义的量，我们引入了负数。',
            '像 3、1.8、2/5 这样大于 0 的数叫做正数；在正数前面加上符号“-”的数叫做负数，例如 -3、-1.8、-2/5。数 0 既不是正数，也不是负数，它是正数与负数的分界。',
            '用正数和负数表示相反意义的量时，先规定其中一种意义为正，另一种就为负。例如，规定向东走为正，那么向东走 5 米记作 +5 米，向西走 3 米记作 -3 米。',
          ],
          exercises: [
            '如果收入 50 元记作 +50 元，那么支出 20 元记作什么？',
            '某地某天的最高气温是 6 ℃，最低气温是 -4 ℃，这一天的温差是多少？',
            '写出 3 个正数和 3 个负数，并说一说 0 的特殊之处。',
          ],
        },
        {
          title: '1.2 有理数',
          text: [
            '正整数、0、负整数统称为整数；正分数、负分数统称为分数。整数和分数统称为有理数。有限小数和无限循环小数都可以化为分数，因此它们也是有理数。',
            '规定了原点、正方向和单位长度的直线叫做数轴。任何一个有理数都可以用数轴上的一个点来表示。在数轴上，右边的点表示的数总比左边的点表示的数大。',
            '只有符号不同的两个数叫做互为相反数，例如 5 和 -5。一个数在数轴上对应的点与原点的距离叫做这个数的绝对值，记作 |a|。正数的绝对值是它本身，负数的绝对值是它的相反数，0 的绝对值是 0。',
          ],
          exercises: [
            '画出数轴，并在数轴上表示 -2.5、0、3/2、-4。',
            '求 -7、0、+2.3 的相反数和绝对值。',
            '比较大小：-3 与 -5；-1/2 与 -1/3。',
          ],
        },
        {
          title: '1.3 有理数的加减法',
          text: [
            '有理数加法法则：同号两数相加，取相同的符号，并把绝对值相加；绝对值不相等的异号两数相加，取绝对值较大的加数的符号，并用较大的绝对值减去较小的绝对值；互为相反数的两个数相加得 0。',
            '有理数减法法则：减去一个数，等于加这个数的相反数。这样，有理数的减法可以转化为加法来计算，加减混合运算也可以统一成加法运算。',
            '在计算时，灵活运用加法交换律和结合律，把正数和负数分别结合、把互为相反数的数结合，可以使运算更简便。',
          ],
          exercises: [
            '计算：(-8) + 5；(-3) + (-9)；4.5 - (-2.5)。',
            '计算：-7 + 13 - 6 + 20。',
            '一天早晨的气温是 -6 ℃，中午上升了 10 ℃，午夜又下降了 8 ℃，午夜的气温是多少？',
          ],
        },
      ],
    },
    {
      title: '第二章 整式的加减',
      lessons: [
        {
          title: '2.1 整式',
          text: [
            '用字母表示数，可以简明地表达数量关系。由数或字母的积组成的式子叫做单项式，单独的一个数或一个字母也是单项式。单项式中的数字因数叫做它的系数，所有字母的指数和叫做它的次数。',
            '几个单项式的和叫做多项式。多项式中，每个单项式叫做多项式的项，次数最高的项的次数叫做这个多项式的次数。单项式与多项式统称为整式。',
          ],
          exercises: ['指出单项式 -3a²b 的系数和次数。', '多项式 2x³ - x + 5 是几次几项式？'],
        },
        {
          title: '2.2 整式的加减',
          text: [
            '所含字母相同，并且相同字母的指数也相同的项叫做同类项。把多项式中的同类项合并成一项，叫做合并同类项。合并时，系数相加，字母和字母的指数不变。',
            '整式加减的一般步骤是：如果有括号，先去括号；然后合并同类项。去括号时，括号前是“+”号，括号里各项不变号；括号前是“-”号，括号里各项都改变符号。',
          ],
          exercises: ['合并同类项：3x + 2y - 5x + y。', '化简：(2a² - 3a) - (a² - 4a + 1)。'],
        },
      ],
    },
    {
      title: '第三章 一元一次方程',
      lessons: [
        {
          title: '3.1 从算式到方程',
          text: [
            '含有未知数的等式叫做方程。只含有一个未知数，未知数的次数都是 1，等号两边都是整式的方程叫做一元一次方程。使方程左右两边相等的未知数的值叫做方程的解。',
            '等式的性质是解方程的依据：等式两边加（或减）同一个数（或式子），结果仍相等；等式两边乘同一个数，或除以同一个不为 0 的数，结果仍相等。',
          ],
          exercises: ['检验 x = 3 是不是方程 2x - 1 = 5 的解。', '根据题意列方程：一个数的 3 倍比它的一半多 10。'],
        },
        {
          title: '3.2 解一元一次方程',
          text: [
            '解一元一次方程的一般步骤是：去分母、去括号、移项、合并同类项、系数化为 1。把等式一边的某项变号后移到另一边，叫做移项。',
            '列方程解应用题时，要先弄清题意，找出能够表示全部含义的相等关系，设出未知数，列出方程，求出解后还要检验解是否符合实际意义。',
          ],
          exercises: [
            '解方程：3x + 7 = 32 - 2x。',
            '解方程：(x - 1)/2 = (2x + 1)/3。',
            '某班有 45 名学生，男生比女生多 5 人，男生、女生各有多少人？',
          ],
        },
      ],
    },
    {
      title: '第四章 几何图形初步',
      lessons: [
        {
          title: '4.1 几何图形',
          text: [
            '长方体、圆柱、圆锥、球等都是立体图形；长方形、三角形、圆等都是平面图形。有些立体图形的展开图是平面图形，从不同方向看立体图形，可以得到不同的平面图形。',
            '点、线、面、体是构成几何图形的基本元素。点动成线，线动成面，面动成体。',
          ],
          exercises: ['说出圆柱的侧面展开图是什么图形。', '从正面、左面、上面看一个正方体，分别看到什么图形？'],
        },
        {
          title: '4.2 直线、射线、线段',
          text: [
            '经过两点有一条直线，并且只有一条直线。两点之间，线段最短；连接两点间的线段的长度，叫做这两点的距离。',
            '直线向两方无限延伸，射线向一方无限延伸，线段有两个端点。比较线段长短，可以用度量法，也可以用叠合法。',
          ],
          exercises: ['为什么把弯曲的公路改直，可以缩短路程？', '已知线段 AB = 8 cm，C 是 AB 的中点，求 AC 的长。'],
        },
      ],
    },
  ],
};

const SCIENCE3: DemoBook = {
  slug: 'science-3a-jkb',
  title: '义务教育教科书·科学三年级上册',
  stage: '小学',
  subject: '科学',
  edition: '教科版',
  publisher: '教育科学出版社',
  grade: '三年级',
  volume: '上册',
  access: 'login',
  pdf: true,
  description: '围绕水、空气、天气和我们的身体四个单元，通过观察、测量和简单实验认识身边的自然现象。',
  units: [
    {
      title: '第一单元 水',
      lessons: [
        {
          title: '1 水到哪里去了',
          text: [
            '下雨后，操场上的积水过了一段时间就不见了。湿衣服晾在阳光下，很快就干了。这些水到哪里去了呢？',
            '水会慢慢变成我们看不见的水蒸气，散失到空气中，这种现象叫做蒸发。温度越高、通风越好，水蒸发得越快。',
          ],
          exercises: ['在两块相同的湿布中，一块放在阳光下，一块放在阴凉处，哪一块先干？为什么？'],
        },
        {
          title: '2 水沸腾了',
          text: [
            '给水加热，水的温度会慢慢升高。水中会出现越来越多的气泡，当气泡上升到水面破裂时，水就沸腾了。',
            '在通常情况下，水加热到 100 ℃ 左右会沸腾。做加热实验时一定要注意安全，在老师的指导下进行。',
          ],
          exercises: ['记录给水加热时每隔 1 分钟的温度，你发现了什么规律？'],
        },
      ],
    },
    {
      title: '第二单元 空气',
      lessons: [
        {
          title: '1 感受空气',
          text: [
            '空气看不见、摸不着，但它就在我们身边。把一个空杯子倒扣着压入水中，杯子里的纸巾不会湿，因为杯子里有空气占据了空间。',
            '风是流动的空气。我们可以用风车、纸条等简单的工具感受空气的流动。',
          ],
          exercises: ['想一个办法证明塑料袋里装着空气。'],
        },
        {
          title: '2 空气能占据空间吗',
          text: [
            '往装满空气的注射器里推活塞，会感到越推越费力；松开手，活塞又会被弹回来。这说明空气能占据空间，而且可以被压缩。',
          ],
          exercises: ['生活中哪些物品利用了空气可以被压缩的性质？'],
        },
      ],
    },
    {
      title: '第三单元 天气',
      lessons: [
        {
          title: '1 我们关心天气',
          text: [
            '天气影响着人们的生活和生产。描述天气可以从气温、降水量、云量、风向和风速等方面进行。坚持每天观察并记录天气，可以发现天气变化的规律。',
          ],
          exercises: ['制作一张一周天气记录表，连续记录七天。'],
        },
      ],
    },
  ],
};

const PHYS8: DemoBook = {
  slug: 'physics-8a-rjb',
  title: '义务教育教科书·物理八年级上册',
  stage: '初中',
  subject: '物理',
  edition: '人教版',
  publisher: '人民教育出版社',
  grade: '八年级',
  volume: '上册',
  access: 'activation',
  pdf: true,
  description: '从机械运动、声现象、物态变化、光现象到透镜及其应用，带领学生走进物理世界，学习观察与实验的方法。',
  units: [
    {
      title: '第一章 机械运动',
      lessons: [
        {
          title: '第1节 长度和时间的测量',
          text: [
            '在国际单位制中，长度的基本单位是米（m），时间的基本单位是秒（s）。测量长度的基本工具是刻度尺，使用前要观察它的零刻度线、量程和分度值。',
            '测量值和真实值之间总会有差别，这就是误差。误差不能消除，但可以通过多次测量求平均值、选用精密的测量工具等方法减小。',
          ],
          exercises: ['用刻度尺测量物理课本的长度，连续测量三次并求平均值。'],
        },
        {
          title: '第2节 运动的描述',
          text: [
            '物体位置随时间的变化叫做机械运动。判断物体是运动还是静止，要先选定一个物体作为标准，这个物体叫做参照物。选择的参照物不同，对同一物体运动情况的描述可能不同。',
          ],
          exercises: ['坐在行驶的汽车里的乘客，以什么为参照物是静止的？以什么为参照物是运动的？'],
        },
        {
          title: '第3节 运动的快慢',
          text: [
            '在物理学中，把路程与时间之比叫做速度，公式是 v = s/t。速度的单位是米每秒（m/s），交通运输中常用千米每小时（km/h），1 m/s = 3.6 km/h。',
            '物体沿着直线且速度不变的运动，叫做匀速直线运动。',
          ],
          exercises: ['一列火车 2 小时行驶了 240 千米，它的平均速度是多少千米每小时？合多少米每秒？'],
        },
      ],
    },
    {
      title: '第二章 声现象',
      lessons: [
        {
          title: '第1节 声音的产生与传播',
          text: [
            '声音是由物体的振动产生的，正在发声的物体叫做声源。声音的传播需要介质，固体、液体和气体都可以传声，真空不能传声。',
            '声音在不同介质中传播的速度一般不同。15 ℃ 时，声音在空气中的传播速度约为 340 m/s。',
          ],
          exercises: ['为什么宇航员在太空中不能直接对话？'],
        },
        {
          title: '第2节 声音的特性',
          text: [
            '声音有三个特性：音调、响度和音色。音调与发声体振动的频率有关，响度与振幅有关，不同发声体发出声音的音色一般不同。',
          ],
          exercises: ['拨动绷紧程度不同的橡皮筋，音调有什么不同？'],
        },
      ],
    },
    {
      title: '第四章 光现象',
      lessons: [
        {
          title: '第1节 光的直线传播',
          text: [
            '光在同种均匀介质中沿直线传播。影子、日食和月食、小孔成像都可以用光的直线传播来解释。光在真空中的传播速度约为 3×10⁸ m/s。',
          ],
          exercises: ['用光的直线传播解释影子的形成。'],
        },
        {
          title: '第2节 光的反射',
          text: [
            '光射到物体表面时，有一部分光会被物体表面反射回来，这种现象叫做光的反射。在反射现象中，反射光线、入射光线和法线都在同一平面内；反射光线、入射光线分别位于法线两侧；反射角等于入射角。',
            '在反射现象中，光路是可逆的。平行光射到光滑表面发生镜面反射，射到粗糙表面发生漫反射，两种反射都遵循光的反射定律。',
          ],
          exercises: ['一束光与镜面成 30° 角射到平面镜上，反射角是多少度？'],
        },
      ],
    },
  ],
};

const ENG7: DemoBook = {
  slug: 'english-7a-rjb',
  title: '义务教育教科书·英语七年级上册',
  stage: '初中',
  subject: '英语',
  edition: '人教版',
  publisher: '人民教育出版社',
  grade: '七年级',
  volume: '上册',
  access: 'activation',
  pdf: true,
  description: '以学生日常生活为主题，围绕问候、家庭、学校和兴趣爱好展开听说读写训练。',
  units: [
    {
      title: 'Starter Units 预备篇',
      lessons: [
        {
          title: 'Starter Unit 1 Good morning!',
          text: [
            "Good morning, Alice! Good morning, Bob! How are you? I'm fine, thanks. 本单元学习日常问候用语和字母 A–H 的读写。",
            '见面时用 Good morning / Good afternoon / Good evening 问候，回答时用相同的说法。',
          ],
          exercises: ['用英语和同桌互相问候。', '按顺序写出字母 A–H 的大小写形式。'],
        },
      ],
    },
    {
      title: "Unit 1 My name's Gina.",
      lessons: [
        {
          title: 'Section A',
          text: [
            "What's your name? My name's Gina. Nice to meet you! 本课学习自我介绍，掌握 be 动词 am、is、are 的基本用法和形容词性物主代词 my、your、his、her。",
          ],
          exercises: ["用 What's your name? 采访三位同学并记录他们的名字。"],
        },
        {
          title: 'Section B',
          text: [
            "数字 0–9 在电话号码中的读法：What's your phone number? It's 281-9176. 读电话号码时要一位一位地读，0 可以读作 zero 或字母 O 的音。",
          ],
          exercises: ['用英语读出你家的电话号码（可以编一个）。'],
        },
      ],
    },
    {
      title: 'Unit 2 This is my sister.',
      lessons: [
        {
          title: 'Section A',
          text: [
            'This is my sister. These are my parents. Those are my grandparents. 本课学习介绍家庭成员，以及指示代词 this、that、these、those 的用法。',
          ],
          exercises: ['画一张家庭树，并用英语介绍你的家人。'],
        },
      ],
    },
  ],
};

const MATHH1: DemoBook = {
  slug: 'math-h1-rjb',
  title: '普通高中教科书·数学必修第一册',
  stage: '高中',
  subject: '数学',
  edition: '人教版',
  publisher: '人民教育出版社',
  grade: '高一',
  volume: '必修1',
  access: 'login',
  pdf: true,
  description: '包括集合与常用逻辑用语、一元二次函数方程和不等式、函数的概念与性质、指数函数与对数函数、三角函数五章。',
  units: [
    {
      title: '第一章 集合与常用逻辑用语',
      lessons: [
        {
          title: '1.1 集合的概念',
          text: [
            '一般地，我们把研究对象统称为元素，把一些元素组成的总体叫做集合。集合中的元素具有确定性、互异性和无序性。',
            '常用的数集有：自然数集 N、正整数集 N*、整数集 Z、有理数集 Q、实数集 R。表示集合的方法有列举法和描述法。',
          ],
          exercises: ['用列举法表示小于 10 的所有质数组成的集合。', '用描述法表示所有偶数组成的集合。'],
        },
        {
          title: '1.2 集合间的基本关系',
          text: [
            '如果集合 A 的任意一个元素都是集合 B 的元素，就称集合 A 为集合 B 的子集。不含任何元素的集合叫做空集，空集是任何集合的子集。',
          ],
          exercises: ['写出集合 {a, b, c} 的所有子集。'],
        },
        {
          title: '1.3 集合的基本运算',
          text: [
            '由所有属于集合 A 或属于集合 B 的元素组成的集合，称为 A 与 B 的并集；由所有属于集合 A 且属于集合 B 的元素组成的集合，称为 A 与 B 的交集。',
          ],
          exercises: ['已知 A = {1, 2, 3}，B = {2, 3, 4}，求 A∪B 与 A∩B。'],
        },
      ],
    },
    {
      title: '第三章 函数的概念与性质',
      lessons: [
        {
          title: '3.1 函数的概念及其表示',
          text: [
            '设 A、B 是非空的实数集，如果对于集合 A 中的任意一个数 x，按照某种确定的对应关系 f，在集合 B 中都有唯一确定的数 y 和它对应，那么就称 f: A→B 为从集合 A 到集合 B 的一个函数。',
            '函数的表示法有解析法、列表法和图象法，它们各有优点，可以根据问题的需要选用。',
          ],
          exercises: ['求函数 f(x) = √(x - 1) 的定义域。'],
        },
        {
          title: '3.2 函数的基本性质',
          text: [
            '函数的单调性刻画了函数值随自变量增大而增大或减小的性质；奇偶性刻画了函数图象关于原点或 y 轴的对称性。',
          ],
          exercises: ['判断函数 f(x) = x³ 的奇偶性。'],
        },
      ],
    },
  ],
};

const CHINESE1: DemoBook = {
  slug: 'chinese-1a-tbb',
  title: '义务教育教科书·语文一年级上册',
  stage: '小学',
  subject: '语文',
  edition: '统编版',
  publisher: '人民教育出版社',
  grade: '一年级',
  volume: '上册',
  access: 'public',
  pdf: true,
  description: '从识字、拼音到课文，帮助一年级小朋友认识常用汉字，学说普通话，养成良好的阅读习惯。',
  units: [
    {
      title: '第一单元 识字',
      lessons: [
        {
          title: '1 天地人',
          text: ['天、地、人、你、我、他。', '读一读，认一认：天是蓝蓝的天，地是宽宽的地，我们都是中国人。'],
          exercises: ['说一说：你在哪里见过这些字？'],
        },
        {
          title: '2 金木水火土',
          text: ['一二三四五，金木水火土。天地分上下，日月照今古。'],
          exercises: ['数一数：这首儿歌里有哪些数字？'],
        },
        {
          title: '3 口耳目',
          text: ['口、耳、目、羊、鸟、兔、日、月、火、木、禾、竹。', '这些字像什么？看看图，再认一认。'],
          exercises: ['找一找：哪些字和图画长得很像？'],
        },
      ],
    },
    {
      title: '第四单元 课文',
      lessons: [
        {
          title: '1 秋天',
          text: [
            '天气凉了，树叶黄了，一片片叶子从树上落下来。',
            '天空那么蓝，那么高。一群大雁往南飞，一会儿排成个“人”字，一会儿排成个“一”字。啊！秋天来了！',
          ],
          exercises: ['朗读课文，说说秋天有哪些变化。'],
        },
        {
          title: '2 小小的船',
          text: ['弯弯的月儿小小的船。小小的船儿两头尖。我在小小的船里坐，只看见闪闪的星星蓝蓝的天。'],
          exercises: ['背诵课文，画一画你心中的月亮船。'],
        },
      ],
    },
  ],
};

/** Books without a file: only metadata and chapter outlines. */
const OUTLINE: DemoBook[] = [
  {
    slug: 'math-1a-rjb',
    title: '义务教育教科书·数学一年级上册',
    stage: '小学',
    subject: '数学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '一年级',
    volume: '上册',
    access: 'activation',
    description: '认识 1～20 各数，学习 20 以内的加减法，初步认识图形、位置和钟表。',
    units: [
      u('1 准备课', '数一数', '比多少'),
      u('2 位置', '上、下、前、后', '左、右'),
      u('3 1～5 的认识和加减法', '1～5 的认识', '比大小', '加法', '减法'),
      u('4 认识图形（一）'),
      u('5 6～10 的认识和加减法', '6 和 7', '8 和 9', '10', '连加 连减'),
    ],
  },
  {
    slug: 'math-1b-rjb',
    title: '义务教育教科书·数学一年级下册',
    stage: '小学',
    subject: '数学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '一年级',
    volume: '下册',
    access: 'activation',
    description: '学习 20 以内的退位减法、100 以内数的认识、认识人民币和简单的找规律。',
    units: [
      u('1 认识图形（二）'),
      u('2 20 以内的退位减法', '十几减 9', '十几减 8、7、6', '十几减 5、4、3、2'),
      u('3 分类与整理'),
      u('4 100 以内数的认识'),
      u('5 认识人民币'),
    ],
  },
  {
    slug: 'math-5a-bsd',
    title: '义务教育教科书·数学五年级上册',
    stage: '小学',
    subject: '数学',
    edition: '北师大版',
    publisher: '北京师范大学出版社',
    grade: '五年级',
    volume: '上册',
    access: 'activation',
    description: '小数除法、轴对称和平移、倍数与因数、多边形的面积、分数的意义。',
    units: [
      u('一 小数除法', '精打细算', '打扫卫生', '谁打电话的时间长'),
      u('二 轴对称和平移'),
      u('三 倍数与因数'),
      u('四 多边形的面积'),
      u('五 分数的意义'),
    ],
  },
  {
    slug: 'chinese-3a-tbb',
    title: '义务教育教科书·语文三年级上册',
    stage: '小学',
    subject: '语文',
    edition: '统编版',
    publisher: '人民教育出版社',
    grade: '三年级',
    volume: '上册',
    access: 'login',
    description: '围绕学校生活、金秋时节、童话世界等主题编排课文，开始学习习作。',
    units: [
      u('第一单元', '1 大青树下的小学', '2 花的学校', '3 不懂就要问'),
      u('第二单元', '4 古诗三首', '5 铺满金色巴掌的水泥道', '6 秋天的雨'),
      u('第三单元', '7 卖火柴的小女孩', '8 那一定会很好'),
    ],
  },
  {
    slug: 'english-3a-pep',
    title: '义务教育教科书·英语三年级上册',
    stage: '小学',
    subject: '英语',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '三年级',
    volume: '上册',
    access: 'activation',
    description: '三年级起点，学习问候、文具、身体部位、颜色和动物等日常词汇与句型。',
    units: [
      u('Unit 1 Hello!'),
      u('Unit 2 Colours'),
      u('Unit 3 Look at me!'),
      u('Unit 4 We love animals'),
      u("Unit 5 Let's eat!"),
      u('Unit 6 Happy birthday!'),
    ],
  },
  {
    slug: 'english-3a-wys',
    title: '义务教育教科书·英语三年级上册',
    stage: '小学',
    subject: '英语',
    edition: '外研社版',
    publisher: '外语教学与研究出版社',
    grade: '三年级',
    volume: '上册',
    access: 'activation',
    description: '三年级起点，以模块形式组织听说活动，帮助学生建立学习英语的兴趣。',
    units: [
      u('Module 1', "Unit 1 I'm Sam.", "Unit 2 I'm Daming."),
      u('Module 2', "Unit 1 I'm Ms Smart.", 'Unit 2 How are you?'),
      u('Module 3', 'Unit 1 Point to the door.', 'Unit 2 Point to the desk.'),
    ],
  },
  {
    slug: 'science-4b-jkb',
    title: '义务教育教科书·科学四年级下册',
    stage: '小学',
    subject: '科学',
    edition: '教科版',
    publisher: '教育科学出版社',
    grade: '四年级',
    volume: '下册',
    access: 'login',
    description: '植物的生长变化、电路、岩石与土壤三个单元。',
    units: [
      u('第一单元 植物的生长变化', '种子里孕育着新生命', '种植凤仙花', '种子长出了根'),
      u('第二单元 电路', '电和我们的生活', '点亮小灯泡', '简易电路'),
      u('第三单元 岩石与土壤'),
    ],
  },
  {
    slug: 'ethics-2a-tbb',
    title: '义务教育教科书·道德与法治二年级上册',
    stage: '小学',
    subject: '道德与法治',
    edition: '统编版',
    publisher: '人民教育出版社',
    grade: '二年级',
    volume: '上册',
    access: 'public',
    description: '我们的节假日、我们的班级、我们在公共场所、我们生活的地方。',
    units: [
      u('第一单元 我们的节假日', '1 假期有收获', '2 周末巧安排'),
      u('第二单元 我们的班级', '5 我爱我们班', '6 班级生活有规则'),
      u('第三单元 我们在公共场所'),
    ],
  },
  {
    slug: 'music-2a-ryb',
    title: '义务教育教科书·音乐二年级上册',
    stage: '小学',
    subject: '音乐',
    edition: '人音版',
    publisher: '人民音乐出版社',
    grade: '二年级',
    volume: '上册',
    access: 'public',
    description: '在聆听、演唱和律动中感受音乐的节奏与情绪。',
    units: [u('第一课 我们的学校'), u('第二课 小动物唱歌'), u('第三课 快乐的游戏'), u('第四课 音乐会')],
  },
  {
    slug: 'art-3a-rmb',
    title: '义务教育教科书·美术三年级上册',
    stage: '小学',
    subject: '美术',
    edition: '人美版',
    publisher: '人民美术出版社',
    grade: '三年级',
    volume: '上册',
    access: 'public',
    description: '色彩的冷暖、线条的变化和身边的美术作品。',
    units: [u('第 1 课 美丽的色彩'), u('第 2 课 魔幻的颜色'), u('第 3 课 曲曲直直'), u('第 4 课 会变的线条')],
  },
  {
    slug: 'math-7b-rjb',
    title: '义务教育教科书·数学七年级下册',
    stage: '初中',
    subject: '数学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '七年级',
    volume: '下册',
    access: 'activation',
    description: '相交线与平行线、实数、平面直角坐标系、二元一次方程组、不等式与不等式组、数据的收集整理与描述。',
    units: [
      u('第五章 相交线与平行线', '5.1 相交线', '5.2 平行线及其判定', '5.3 平行线的性质'),
      u('第六章 实数', '6.1 平方根', '6.2 立方根', '6.3 实数'),
      u('第七章 平面直角坐标系'),
      u('第八章 二元一次方程组'),
    ],
  },
  {
    slug: 'math-8a-rjb',
    title: '义务教育教科书·数学八年级上册',
    stage: '初中',
    subject: '数学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '八年级',
    volume: '上册',
    access: 'activation',
    description: '三角形、全等三角形、轴对称、整式的乘法与因式分解、分式。',
    units: [
      u('第十一章 三角形'),
      u('第十二章 全等三角形'),
      u('第十三章 轴对称'),
      u('第十四章 整式的乘法与因式分解'),
      u('第十五章 分式'),
    ],
  },
  {
    slug: 'math-7a-bsd',
    title: '义务教育教科书·数学七年级上册',
    stage: '初中',
    subject: '数学',
    edition: '北师大版',
    publisher: '北京师范大学出版社',
    grade: '七年级',
    volume: '上册',
    access: 'activation',
    description: '丰富的图形世界、有理数及其运算、整式及其加减、基本平面图形、一元一次方程。',
    units: [
      u('第一章 丰富的图形世界'),
      u('第二章 有理数及其运算'),
      u('第三章 整式及其加减'),
      u('第四章 基本平面图形'),
      u('第五章 一元一次方程'),
    ],
  },
  {
    slug: 'math-7a-hsd',
    title: '义务教育教科书·数学七年级上册',
    stage: '初中',
    subject: '数学',
    edition: '华东师大版',
    publisher: '华东师范大学出版社',
    grade: '七年级',
    volume: '上册',
    access: 'login',
    description: '走进数学世界、有理数、整式的加减、图形的初步认识、相交线与平行线。',
    units: [u('第1章 走进数学世界'), u('第2章 有理数'), u('第3章 整式的加减'), u('第4章 图形的初步认识')],
  },
  {
    slug: 'chinese-7a-tbb',
    title: '义务教育教科书·语文七年级上册',
    stage: '初中',
    subject: '语文',
    edition: '统编版',
    publisher: '人民教育出版社',
    grade: '七年级',
    volume: '上册',
    access: 'activation',
    description: '以人文主题与语文要素双线组元，精选古今中外名篇。',
    units: [
      u('第一单元', '1 春', '2 济南的冬天', '3 雨的四季', '4 古代诗歌四首'),
      u('第二单元', '5 秋天的怀念', '6 散步', '7 散文诗二首'),
      u('第三单元', '9 从百草园到三味书屋', '10 再塑生命的人'),
    ],
  },
  {
    slug: 'bio-7a-rjb',
    title: '义务教育教科书·生物学七年级上册',
    stage: '初中',
    subject: '生物学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '七年级',
    volume: '上册',
    access: 'login',
    description: '生物和生物圈、生物体的结构层次、生物圈中的绿色植物。',
    units: [
      u('第一单元 生物和生物圈'),
      u('第二单元 生物体的结构层次', '第一章 细胞是生命活动的基本单位', '第二章 细胞怎样构成生物体'),
      u('第三单元 生物圈中的绿色植物'),
    ],
  },
  {
    slug: 'history-7a-tbb',
    title: '义务教育教科书·中国历史七年级上册',
    stage: '初中',
    subject: '历史',
    edition: '统编版',
    publisher: '人民教育出版社',
    grade: '七年级',
    volume: '上册',
    access: 'public',
    description: '从远古时期到魏晋南北朝的中国历史。',
    units: [
      u('第一单元 史前时期：中国境内早期人类与文明的起源'),
      u('第二单元 夏商周时期：早期国家与社会变革'),
      u('第三单元 秦汉时期：统一多民族国家的建立和巩固'),
      u('第四单元 三国两晋南北朝时期：政权分立与民族交融'),
    ],
  },
  {
    slug: 'geo-7a-xjb',
    title: '义务教育教科书·地理七年级上册',
    stage: '初中',
    subject: '地理',
    edition: '湘教版',
    publisher: '湖南教育出版社',
    grade: '七年级',
    volume: '上册',
    access: 'login',
    description: '让我们走进地理、地球的面貌、世界的人口与文化、天气与气候。',
    units: [
      u('第一章 让我们走进地理'),
      u('第二章 地球的面貌', '第一节 认识地球', '第二节 地球的运动'),
      u('第三章 世界的居民'),
      u('第四章 世界的气候'),
    ],
  },
  {
    slug: 'chem-9a-rjb',
    title: '义务教育教科书·化学九年级上册',
    stage: '初中',
    subject: '化学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '九年级',
    volume: '上册',
    access: 'activation',
    description: '走进化学世界、我们周围的空气、物质构成的奥秘、自然界的水、化学方程式、碳和碳的氧化物、燃料及其利用。',
    units: [
      u('第一单元 走进化学世界'),
      u('第二单元 我们周围的空气'),
      u('第三单元 物质构成的奥秘'),
      u('第四单元 自然界的水'),
      u('第五单元 化学方程式'),
    ],
  },
  {
    slug: 'ethics-7a-tbb',
    title: '义务教育教科书·道德与法治七年级上册',
    stage: '初中',
    subject: '道德与法治',
    edition: '统编版',
    publisher: '人民教育出版社',
    grade: '七年级',
    volume: '上册',
    access: 'public',
    description: '成长的节拍、友谊的天空、师长情谊、生命的思考。',
    units: [u('第一单元 成长的节拍'), u('第二单元 友谊的天空'), u('第三单元 师长情谊'), u('第四单元 生命的思考')],
  },
  {
    slug: 'physics-8a-jkb',
    title: '义务教育教科书·物理八年级上册',
    stage: '初中',
    subject: '物理',
    edition: '教科版',
    publisher: '教育科学出版社',
    grade: '八年级',
    volume: '上册',
    access: 'activation',
    description: '走进实验室、运动与能量、声、在光的世界里、物态变化、质量与密度。',
    units: [u('第一章 走进实验室'), u('第二章 运动与能量'), u('第三章 声'), u('第四章 在光的世界里')],
  },
  {
    slug: 'math-h2-rjb',
    title: '普通高中教科书·数学必修第二册',
    stage: '高中',
    subject: '数学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '高一',
    volume: '必修2',
    access: 'activation',
    description: '平面向量及其应用、复数、立体几何初步、统计、概率。',
    units: [
      u('第六章 平面向量及其应用'),
      u('第七章 复数'),
      u('第八章 立体几何初步'),
      u('第九章 统计'),
      u('第十章 概率'),
    ],
  },
  {
    slug: 'math-hx1-rjb',
    title: '普通高中教科书·数学选择性必修第一册',
    stage: '高中',
    subject: '数学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '高二',
    volume: '选择性必修1',
    access: 'activation',
    description: '空间向量与立体几何、直线和圆的方程、圆锥曲线的方程。',
    units: [u('第一章 空间向量与立体几何'), u('第二章 直线和圆的方程'), u('第三章 圆锥曲线的方程')],
  },
  {
    slug: 'math-h1-bsd',
    title: '普通高中教科书·数学必修第一册',
    stage: '高中',
    subject: '数学',
    edition: '北师大版',
    publisher: '北京师范大学出版社',
    grade: '高一',
    volume: '必修1',
    access: 'login',
    description: '预备知识、函数、指数运算与指数函数、对数运算与对数函数、函数应用。',
    units: [u('第一章 预备知识'), u('第二章 函数'), u('第三章 指数运算与指数函数'), u('第四章 对数运算与对数函数')],
  },
  {
    slug: 'physics-h1-rjb',
    title: '普通高中教科书·物理必修第一册',
    stage: '高中',
    subject: '物理',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '高一',
    volume: '必修1',
    access: 'activation',
    description: '运动的描述、匀变速直线运动的研究、相互作用——力、运动和力的关系。',
    units: [
      u('第一章 运动的描述'),
      u('第二章 匀变速直线运动的研究'),
      u('第三章 相互作用——力'),
      u('第四章 运动和力的关系'),
    ],
  },
  {
    slug: 'chem-h1-rjb',
    title: '普通高中教科书·化学必修第一册',
    stage: '高中',
    subject: '化学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '高一',
    volume: '必修1',
    access: 'activation',
    description: '物质及其变化、海水中的重要元素——钠和氯、铁 金属材料、物质结构 元素周期律。',
    units: [
      u('第一章 物质及其变化'),
      u('第二章 海水中的重要元素——钠和氯'),
      u('第三章 铁 金属材料'),
      u('第四章 物质结构 元素周期律'),
    ],
  },
  {
    slug: 'chinese-h1-tbb',
    title: '普通高中教科书·语文必修上册',
    stage: '高中',
    subject: '语文',
    edition: '统编版',
    publisher: '人民教育出版社',
    grade: '高一',
    volume: '必修1',
    access: 'public',
    description: '以学习任务群组织单元，涵盖青春诗篇、劳动光荣、生命的诗意与家乡文化生活。',
    units: [
      u('第一单元', '1 沁园春·长沙', '2 立在地球边上放号', '3 百合花'),
      u('第二单元', '4 喜看稻菽千重浪', '5 以工匠精神雕琢时代品质'),
      u('第三单元', '7 短歌行', '8 梦游天姥吟留别'),
    ],
  },
  {
    slug: 'english-h1-wys',
    title: '普通高中教科书·英语必修第一册',
    stage: '高中',
    subject: '英语',
    edition: '外研社版',
    publisher: '外语教学与研究出版社',
    grade: '高一',
    volume: '必修1',
    access: 'activation',
    description: '围绕校园生活、家庭关系、友谊与动物保护等主题发展综合语言运用能力。',
    units: [
      u('Unit 1 A new start'),
      u('Unit 2 Exploring English'),
      u('Unit 3 Family matters'),
      u('Unit 4 Friends forever'),
      u('Unit 5 Into the wild'),
    ],
  },
  {
    slug: 'bio-hx1-rjb',
    title: '普通高中教科书·生物学选择性必修1 稳态与调节',
    stage: '高中',
    subject: '生物学',
    edition: '人教版',
    publisher: '人民教育出版社',
    grade: '高二',
    volume: '选择性必修1',
    access: 'login',
    description: '人体的内环境与稳态、神经调节、体液调节、免疫调节、植物生命活动的调节。',
    units: [
      u('第1章 人体的内环境与稳态'),
      u('第2章 神经调节'),
      u('第3章 体液调节'),
      u('第4章 免疫调节'),
      u('第5章 植物生命活动的调节'),
    ],
  },
  {
    slug: 'geo-h1-xjb',
    title: '普通高中教科书·地理必修第一册',
    stage: '高中',
    subject: '地理',
    edition: '湘教版',
    publisher: '湖南教育出版社',
    grade: '高一',
    volume: '必修1',
    access: 'public',
    description: '宇宙中的地球、地球表面形态、地球上的大气、地球上的水、地球上的植被与土壤。',
    units: [u('第一章 宇宙中的地球'), u('第二章 地球表面形态'), u('第三章 地球上的大气'), u('第四章 地球上的水')],
  },
  {
    slug: 'history-h1-tbb',
    title: '普通高中教科书·历史必修 中外历史纲要（上）',
    stage: '高中',
    subject: '历史',
    edition: '统编版',
    publisher: '人民教育出版社',
    grade: '高一',
    volume: '必修1',
    access: 'login',
    description: '从中华文明的起源到新时代中国特色社会主义，系统梳理中国历史发展脉络。',
    units: [
      u('第一单元 从中华文明起源到秦汉大一统封建国家的建立与巩固'),
      u('第二单元 三国两晋南北朝的民族交融与隋唐统一多民族封建国家的发展'),
      u('第三单元 辽宋夏金多民族政权的并立与元朝的统一'),
    ],
  },
];

export const DEMO_BOOKS: DemoBook[] = [MATH7, SCIENCE3, PHYS8, ENG7, MATHH1, CHINESE1, ...OUTLINE];

export interface DemoVideo {
  key: string;
  book: string;
  /** Title of the chapter (unit or lesson) it belongs to. */
  chapter: string;
  title: string;
  description: string;
  /** Lines shown on the lesson slides, in order. */
  slides: string[];
  access: TextbookAccess;
}

export const DEMO_VIDEOS: DemoVideo[] = [
  {
    key: 'math7-rational',
    book: 'math-7a-rjb',
    chapter: '1.1 正数和负数',
    title: '微课：用正负数表示相反意义的量',
    description: '从气温、收支和海拔三个例子出发，认识正数和负数。',
    slides: ['用正负数表示相反意义的量', '零上 5 ℃ 记作 +5 ℃，零下 3 ℃ 记作 -3 ℃', '0 既不是正数，也不是负数'],
    access: 'public',
  },
  {
    key: 'math7-equation',
    book: 'math-7a-rjb',
    chapter: '3.2 解一元一次方程',
    title: '微课：解一元一次方程的五个步骤',
    description: '去分母、去括号、移项、合并同类项、系数化为 1。',
    slides: ['解一元一次方程', '去分母 → 去括号 → 移项', '合并同类项 → 系数化为 1'],
    access: 'login',
  },
  {
    key: 'physics8-reflection',
    book: 'physics-8a-rjb',
    chapter: '第2节 光的反射',
    title: '实验：探究光的反射定律',
    description: '用激光笔和可折转的光屏，观察反射角与入射角的关系。',
    slides: ['探究光的反射定律', '反射光线、入射光线和法线在同一平面内', '反射角等于入射角'],
    access: 'activation',
  },
  {
    key: 'science3-air',
    book: 'science-3a-jkb',
    chapter: '1 感受空气',
    title: '科学小实验：空气占据空间',
    description: '把纸巾塞进杯底，倒扣压入水中，纸巾为什么不会湿？',
    slides: ['空气能占据空间吗？', '杯子倒扣压入水中，纸巾没有湿', '因为杯子里的空气占据了空间'],
    access: 'public',
  },
];
