/**
 * The Chinese story texts (texts.ts). Lengths are in characters (about 1.6 characters to an English
 * word in these patterns). Names are three characters, a surname rarely met as an ordinary word
 * and a given name; a slip of the pen changes the last character to one that sounds alike.
 */

import type { Setting, StoryTexts } from './story-types';

const SETTINGS: readonly Setting[] = [
  {
    name: '山中的一所魔法学校',
    places: ['东塔', '大礼堂', '药水地窖', '积雪的庭院'],
    sights: ['梁下漂浮的蜡烛', '高窗上的片片寒霜', '一排排嗡嗡作响的罐子'],
    objects: ['一根裂开的魔杖', '一张会自己重画的地图', '一本上了锁的咒语书'],
  },
  {
    name: '绕木星运行的空间站',
    places: ['观景甲板', '水培花园', '对接环', '引擎舱'],
    sights: ['下方翻滚的橙色风暴', '走廊里闪烁的面板', '紫色灯光下的番茄藤'],
    objects: ['一个沉默的求救信标', '一个裂开的氧气阀', '一条来自地球的消息'],
  },
  {
    name: '风暴海岸上的一座灯塔',
    places: ['灯室', '岩石海岸', '守塔人的厨房', '狭窄的楼梯'],
    sights: ['拍在礁石上的白色浪花', '在雨中扫过的灯光', '玻璃上结着的盐霜'],
    objects: ['一个装着信的瓶子', '一块破碎的透镜', '一本旧航海日志'],
  },
  {
    name: '深冬里的一座集镇',
    places: ['广场', '面包店', '结冰的河面', '镇公所'],
    sights: ['摊位上方摇晃的灯笼', '从每个烟囱里升起的炊烟', '在靴子下吱吱作响的冰面'],
    objects: ['一只被偷走的银铃', '一个神秘的包裹', '一本丢失的账簿'],
  },
  {
    name: '一座海底城市',
    places: ['珊瑚门', '玻璃穹顶', '海带农场', '旧港口'],
    sights: ['闪着银光的鱼群', '在穹顶里流动的光纹', '沿着街道飘起的气泡'],
    objects: ['一颗会发光的珍珠', '一个裂开的压力密封圈', '一个沉没的音乐盒'],
  },
  {
    name: '穿越沙丘的沙漠商队',
    places: ['绿洲', '领头的马车', '红色沙丘的山脊', '夜间营地'],
    sights: ['沙面上闪动的热浪', '挤满黑色夜空的星星', '跪在火堆旁的骆驼'],
    objects: ['一个指向南方的罗盘', '一张撕破的商路地图', '一个封好的水罐'],
  },
];

const NAMES: readonly string[] = [
  '陈思远',
  '吴可桐',
  '郑浩然',
  '赵一鸣',
  '孙晓彤',
  '韩子涵',
  '梁文博',
  '宋佳怡',
  '唐明轩',
  '冯若溪',
  '邓嘉豪',
  '曹欣然',
  '彭志远',
  '潘雅琪',
  '杜俊杰',
  '魏诗涵',
];

/** A character that sounds like the last one of a given name. */
const SOUNDS_LIKE: Readonly<Record<string, string>> = {
  远: '源',
  桐: '童',
  然: '燃',
  鸣: '明',
  彤: '桐',
  涵: '寒',
  博: '波',
  怡: '宜',
  轩: '宣',
  溪: '西',
  豪: '浩',
  琪: '奇',
  杰: '洁',
};

const STYLE_WORD = {
  funny: '幽默',
  serious: '严肃',
  'fairy-tale': '童话',
  adventure: '冒险',
  mystery: '悬疑',
} as const;

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('、')}和${items[items.length - 1]}`;
}

export const STORY_ZH: StoryTexts = {
  settings: SETTINGS,
  names: NAMES,
  perSection: { min: 180, max: 330 },
  styleWord: STYLE_WORD,
  prompt: (r) =>
    [
      `写一个${STYLE_WORD[r.style]}风格的故事，故事发生在${r.setting.name}，人物有${listOf(r.characters)}。`,
      `全文${r.minWords}到${r.maxWords}字。`,
      `先列出${r.plotPoints}个情节要点作为提纲，再为每个情节要点写一节。`,
      '每个人物都要以名字出场，每一节开头都要写出故事发生的地方和景象。',
      '回答时先写一行标题，然后把每一节放在以“## ”开头的标题行下面。',
    ].join(''),
  events: [
    '{A}在{place}发现了{object}',
    '{A}和{B}为了怎么处理{object}争论起来',
    '{B}在{place}附近失踪了',
    '{A}顺着一串线索找到了{place}',
    '{B}说出了一个关于{object}的秘密',
    '{A}和{B}被困在了{place}',
    '大家聚集在{place}，做最后一次尝试',
  ],
  scenes: [
    '在{place}里，可以看到{sight}，空气中弥漫着灰尘和冰冷金属的气味。',
    '光线洒进{place}。那里有{sight}，风轻轻地吹过地面。',
    '{place}外面的天空已经暗了下来。那里有{sight}，每一个声音都比平时更响。',
  ],
  actions: {
    funny: [
      '{A}被一个水桶绊了一跤，还很有礼貌地向它道了歉，然后若无其事地继续往前走。',
      '{B}假装自己早有计划，可是谁也没被骗到，{A}更是一眼就看穿了。',
      '{A}心想，这真是这荒唐的一周里最荒唐的一个早晨。',
    ],
    serious: [
      '{A}仔细权衡着每一个选择，知道此刻一旦出错，代价将会非常沉重。',
      '{B}沉默了很久，然后轻轻点了点头。',
      '他们谁都不愿承认自己心里有多害怕。',
    ],
    'fairy-tale': [
      '很久很久以前，曾经有人向{A}许诺，这样的一天终会到来。',
      '{B}轻声念起一首小时候一位老婆婆教的歌谣。',
      '就这样，他们怀着怦怦直跳的心，一起继续往前走。',
    ],
    adventure: [
      '{A}抓住绳子，没等任何人反对就荡了过去。',
      '{B}低声数着秒，然后追着{A}跑了过去。',
      '没有时间休息，也没有退路。',
    ],
    mystery: [
      '{A}注意到了一个其他人都忽略了的细节。',
      '{B}对每个问题都早有答案，这本身就很可疑。',
      '有人比他们先来过这里，而且走得很匆忙。',
    ],
  },
  lines: [
    '“我们现在不能停下，”{A}说，“我们已经这么接近了。”',
    '“那就把一切都告诉我，”{B}回答，“这一次什么都别漏掉。”',
    '“你听到了吗？”{B}问。{A}摇了摇头，仔细地听着。',
  ],
  closings: [
    '当他们离开{place}的时候，他们已经明白，{object}比任何人想象的都重要。',
    '很长一段时间里，他们谁都不会忘记在{place}发生的事。',
    '无论接下来发生什么，{A}和{B}都会一起面对。',
  ],
  title: (style, first) => `# ${first ?? '无名氏'}的${style === 'fairy-tale' ? '童话' : '故事'}`,
  heading: (point, index) => `${index + 1}. ${Array.from(point).slice(0, 10).join('')}`,
  list: listOf,
  answerIn: '请用中文写作。',
  drift: (name) => {
    const chars = Array.from(name);
    const last = chars[chars.length - 1] as string;
    const other = SOUNDS_LIKE[last] ?? (last === '一' ? '依' : '一');
    return [...chars.slice(0, -1), other].join('');
  },
};
