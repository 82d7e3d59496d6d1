/**
 * The lesson topics in Chinese (topics.ts): the same six topics, grades and exercises (the same
 * draws from the same seed), written as a Chinese teacher says them, with checkers that read the
 * Chinese questions.
 */

import type { Rng } from '../../util/rng';
import {
  checkFractionSum,
  checkProduct,
  drawFractions,
  drawPercent,
  drawRectangle,
  drawRounding,
  drawTimesTen,
  firstNumber,
  roundToTen,
} from './draws';
import type { Topic } from './topic-types';

const int = (rng: Rng, lo: number, hi: number) => rng.int(lo, hi);

export const WATER_ZH = [
  { clue: '太阳把水晒热，水变成了水蒸气。', word: '蒸发' },
  { clue: '水蒸气在高空遇冷，变成云里的小水滴。', word: '凝结' },
  { clue: '水从云里以雨、雪或冰雹的形式落下来。', word: '降水' },
  { clue: '水汇集到江河、湖泊和大海里。', word: '汇集' },
] as const;

export const TOPICS_ZH: readonly Topic[] = [
  {
    name: '同分母分数加法',
    grades: [3, 5],
    intro: [
      '你和朋友分过比萨饼吗？',
      '每一块都是整个比萨的一部分。',
      '今天我们来学习怎样把这样的部分加起来。',
    ],
    concept: {
      plain: [
        '分数表示整体的一部分。',
        '下面的数叫分母，它告诉我们整体被平均分成了几份。',
        '上面的数叫分子，它告诉我们取了几份。',
        '分母相同时，把分子相加，分母不变。',
      ],
      hard: [
        '分数是以两个整数之商表示的有理数量，二者分别称为分子与分母。',
        '因此，同分母分数的求和运算要求在保持公分母不变的前提下对分子进行加法运算。',
      ],
    },
    summary: ['同分母分数相加，只把分子相加。', '分母保持不变。'],
    exercise(rng) {
      const { a, b, d } = drawFractions(rng);
      return { question: `${a}/${d} + ${b}/${d} 等于多少？`, answer: `${a + b}/${d}` };
    },
    check: checkFractionSum,
  },
  {
    name: '乘以10和乘以100',
    grades: [3, 5],
    intro: ['有些算式看起来很大，其实很快就能算出来。', '今天我们来学乘以十和乘以一百的小窍门。'],
    concept: {
      plain: [
        '一个数乘以10，就把每一位数字向左移一位。',
        '个位空出来，用0补上。',
        '乘以100，就向左移两位，用两个0补上。',
      ],
      hard: [
        '乘以十的幂等价于将各位数字向左平移与指数相等的数位。',
        '相应地，空出的低位一律以零填充，与原被乘数的大小无关。',
      ],
    },
    summary: ['乘以10，末尾添一个0。', '乘以100，末尾添两个0。'],
    exercise(rng) {
      const { n, by } = drawTimesTen(rng);
      return { question: `${n} × ${by} 等于多少？`, answer: String(n * by) };
    },
    check: checkProduct,
  },
  {
    name: '长方形的面积',
    grades: [3, 6],
    intro: ['铺满一个房间需要多少地毯？', '要知道答案，我们就要量一量面积。'],
    concept: {
      plain: [
        '面积是一个平面图形所占的大小。',
        '我们用小方格来数面积。',
        '长方形的面积等于长乘以宽。',
        '如果边长用厘米，面积就用平方厘米。',
      ],
      hard: [
        '相邻边相互正交的四边形，其面积由两条垂直边长度之乘积确定。',
        '量纲一致性要求所得结果以原度量单位的平方表示。',
      ],
    },
    summary: ['面积等于长乘以宽。', '面积要写上平方单位。'],
    exercise(rng) {
      const { l, w } = drawRectangle(rng);
      return { question: `一个长方形长${l}厘米，宽${w}厘米。它的面积是多少？`, answer: `${l * w}平方厘米` };
    },
    check(question, answer) {
      const q = /长\s*(\d+)\s*厘米，\s*宽\s*(\d+)\s*厘米/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === Number(q[1]) * Number(q[2]);
    },
  },
  {
    name: '四舍五入到十位',
    grades: [2, 4],
    intro: ['有时候我们不需要准确的数。', '一个接近的整十数用起来更方便。'],
    concept: {
      plain: [
        '把一个数四舍五入到十位，要看个位上的数字。',
        '如果是5或更大，就向前进一。',
        '如果是4或更小，就舍去。',
      ],
      hard: [
        '四舍五入至十位即以最接近的整十数近似一个整数。',
        '按照惯例，与相邻两个整十数距离相等的数值一律向上取整。',
      ],
    },
    summary: ['看个位上的数字。', '五以上进一，四以下舍去。'],
    exercise(rng) {
      const n = drawRounding(rng);
      return { question: `把${n}四舍五入到十位。`, answer: String(Math.round(n / 10) * 10) };
    },
    check(question, answer) {
      const q = /把\s*(\d+)\s*四舍五入到十位/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === roundToTen(Number(q[1]));
    },
  },
  {
    name: '求一个数的百分之几',
    grades: [5, 7],
    intro: ['商店常说商品降价百分之二十。', '这对你要付的钱意味着什么呢？'],
    concept: {
      plain: [
        '百分之几就是一百份里的几份。',
        '所以25%就是每100份里的25份。',
        '求一个数的百分之几，先把这个数除以100，再乘以百分数。',
      ],
      hard: [
        '百分数表示以一百为分母的比例，便于比较数量级不同的量。',
        '因此，求某一数量的百分比即将该数量与相应的小数形式相乘。',
      ],
    },
    summary: ['百分之几就是一百份里的几份。', '先除以100，再乘以百分数。'],
    exercise(rng) {
      const { p, n } = drawPercent(rng);
      return { question: `${n}的${p}%是多少？`, answer: String((p * n) / 100) };
    },
    check(question, answer) {
      const q = /(\d+)\s*的\s*(\d+)\s*%/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === (Number(q[1]) * Number(q[2])) / 100;
    },
  },
  {
    name: '水循环',
    grades: [2, 5],
    intro: ['雨是从哪里来的？', '暴雨过后，雨水又去了哪里？', '水一直在不停地循环。'],
    concept: {
      plain: [
        '太阳把海洋和湖泊里的水晒热，水变成水蒸气升上天空，这叫蒸发。',
        '水蒸气在高空遇冷，变成云，这叫凝结。',
        '水滴变重以后，就变成雨或雪落下来，这叫降水。',
        '水又流回江河和大海，这叫汇集。',
      ],
      hard: [
        '太阳辐射为地表水向大气水汽的相变提供所需潜热。',
        '随后的绝热冷却促使水汽凝结为云滴，云滴的碰并最终形成降水。',
      ],
    },
    summary: ['水蒸发、凝结、降落、汇集。', '然后循环又重新开始。'],
    exercise(rng) {
      const item = WATER_ZH[int(rng, 0, WATER_ZH.length - 1)] as (typeof WATER_ZH)[number];
      return { question: `${item.clue}这叫什么？`, answer: item.word };
    },
    check(question, answer) {
      const item = WATER_ZH.find((w) => question.includes(w.clue));
      if (!item) return undefined;
      return answer.includes(item.word);
    },
  },
];
