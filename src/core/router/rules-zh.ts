/**
 * Cold-start rules for requests in Chinese (rules.ts has the English ones and how rules vote).
 * Chinese has no spaces and no word boundaries a regular expression can see, so the patterns
 * match words and phrases directly; they are kept to words that say what a request is.
 */
import type { Choice } from './choice';
import type { Rule } from './rule';

const wide: Choice = { topology: 'swarm', workflow: 'wide-search' };
const deep: Choice = { topology: 'swarm', workflow: 'deep-search' };
const coding: Choice = { topology: 'swarm', workflow: 'mixed-coding' };
const story: Choice = { topology: 'swarm', workflow: 'write-story' };
const teach: Choice = { topology: 'swarm', workflow: 'teach-explain' };
const rag: Choice = { topology: 'swarm', workflow: 'rag-qa' };
const debate: Choice = { topology: 'peers', workflow: 'general' };
const compare: Choice = { topology: 'peers', workflow: 'compare-options' };

// Ties go to the rule listed first: the specific kinds (a comparison, a story, a lesson, the
// user's documents) come before code, whose words turn up in all of them ("程序员", "编程").
export const chineseRules: readonly Rule[] = [
  // A choice among named options on criteria.
  {
    id: 'zh-compare',
    pattern:
      /对比|比较|相比|比比|哪个(更|好|适合|值得|划算)|哪款|选哪|该选|怎么选|帮我选|选一(个|家|套|款|所)|还是[^，。？！]{0,12}(好|划算|合适|值得)|、[^，。？！]{0,24}哪(个|款|家|种|一个)/,
    choice: compare,
  },
  {
    id: 'zh-criteria',
    pattern: /标准|权重|性价比|打分|从[^，。？！]{1,12}(方面|角度)?比较/,
    choice: compare,
    weight: 0.5,
  },
  // Stories: fiction by its form, its genre or its parts.
  {
    id: 'zh-story',
    pattern:
      /故事|小说|童话|寓言|传说|神话|剧本|情节|主人公|主角|反派|章节|睡前|科幻|奇幻|武侠|悬疑|续写|开篇|太空歌剧|绘本/,
    choice: story,
  },
  // The user's own documents, with citations.
  {
    id: 'zh-my-documents',
    pattern:
      /(我的|我们的|上传的|附件|附上的|这份|这几份|这篇|这些|我保存的|我存的|我整理的|公司的|团队的)[^，。？！]{0,8}(笔记|文档|文件|资料|pdf|知识库|手册|合同|报告|邮件|纪要|论文|记录|简历|标书|条款|wiki|制度|周报)/i,
    choice: rag,
  },
  {
    id: 'zh-according-to',
    pattern: /根据[^，。？！]{0,12}(文档|资料|笔记|文件|知识库|手册|条款|报告|记录|说明书)|知识库|wiki/i,
    choice: rag,
  },
  { id: 'zh-cite', pattern: /引用|出处|注明|标注来源|原文/, choice: rag },
  // Lessons: teaching words, an audience by age or grade, exercises with answers.
  {
    id: 'zh-teach',
    pattern:
      /讲解|教我|教一下|想学|学点|教学|课程|教案|课件|备课|入门|零基础|通俗易懂|深入浅出|(一节|一堂)[^，。？！]{0,12}课|班会|教[^，。？！]{0,6}(怎么|如何)/,
    choice: teach,
  },
  { id: 'zh-explain', pattern: /解释|讲讲|讲一讲|说明一下/, choice: teach, weight: 0.5 },
  {
    id: 'zh-audience',
    pattern:
      /(\d+|[一二三四五六七八九十]+)\s*(岁|年级)|小学生|初中生|高中生|大学生|孩子|小朋友|新手|初学者|学生|幼儿园/,
    choice: teach,
  },
  { id: 'zh-exercises', pattern: /练习题|习题|作业|测验|小测|参考答案|答案/, choice: teach },
  {
    id: 'zh-debate',
    pattern:
      /辩论|头脑风暴|集思广益|利弊|优缺点|正反|多角度|多个角度|不同角度|(三|几)个角度|不同观点|唱反调|起名|想些|想一些|越多越好|不同思路|口号/,
    choice: debate,
  },
  {
    id: 'zh-code',
    pattern:
      /代码|编程|程序|函数|脚本|源码|测试用例|单元测试|单测|调试|重构|打包|编译|部署|接口|算法|正则|数据库|爬虫|前端|后端|报错|小程序|定时任务|安卓|组件|实现一个|排序|二叉|宏|性能测试|docker|flask|react|写一个[^，。？！]{0,12}(游戏|app|界面|页面|工具|应用)|bug|python|java|javascript|typescript|kotlin|html|canvas|lint|c\+\+|golang|rust|exe|api|sql/i,
    choice: coding,
  },
  // Many items, one row each: a table, a list of all, the top N.
  {
    id: 'zh-table',
    pattern: /表格|清单|一览表|列表|汇总|整理成表|逐一列出|分别列出|列个|列出|逐个|分别/,
    choice: wide,
  },
  {
    id: 'zh-each',
    pattern: /(每一个|每个|每家|每所|每座|所有|全部|各个|各大|历届)[^，。？！]{0,12}(的|都)/,
    choice: wide,
  },
  {
    id: 'zh-top-n',
    pattern:
      /前\s*(\d+|[一二三四五六七八九十百]+)\s*(名|大|家|个|位|所|座)|最高的[^，。？！]{0,6}(\d+|[一二三四五六七八九十百]+)/,
    choice: wide,
  },
  // One chain of look-ups: an entity named by its relation to another.
  {
    id: 'zh-chain',
    pattern:
      /(创始人|创办人|发明者|发明人|作者|作家|导演|建筑师|设计者|导师|父亲|母亲|妻子|丈夫|老师|学生|校长|主演|指挥|负责人|同学|哥哥|后代)[^，。！]{0,20}(在哪|哪里|哪一年|哪年|哪所|哪个|哪家|哪国|什么时候|是谁|叫什么|是做什么|多大)/,
    choice: deep,
  },
  { id: 'zh-steps', pattern: /一步步查|先(找|查)出?[^，。？！]{0,20}再(查|找)/, choice: deep },
  // A second question about what the first one found: "他后来…", "那家公司的…".
  {
    id: 'zh-then',
    pattern:
      /[？?，,][^。]{0,6}(他|她|那家|那所|那个|那座|这位)[^，。？！]{0,12}(后来|现在|又|是哪|在哪|叫什么|是谁)|后来(去了|创办|担任|还)/,
    choice: deep,
  },
  { id: 'zh-of-of', pattern: /的[^，。？！]{1,10}的[^，。？！]{1,10}的/, choice: deep },
  // Code: the words and artefacts of programming.
  // Open questions that gain from several voices.
];
