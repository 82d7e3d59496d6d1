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

export const chineseRules: readonly Rule[] = [
  // Many items, one row each: a table, a list of all, the top N.
  { id: 'zh-table', pattern: /表格|清单|一览表|列表|汇总|整理成表|逐一列出|分别列出/, choice: wide },
  {
    id: 'zh-each',
    pattern: /(每一个|每个|每家|每所|每座|所有|全部|各个|各大)[^，。？！]{0,12}(的|都)/,
    choice: wide,
  },
  { id: 'zh-top-n', pattern: /前\s*(\d+|[一二三四五六七八九十百]+)\s*(名|大|家|个|位|所|座)/, choice: wide },
  // One chain of look-ups: an entity named by its relation to another.
  {
    id: 'zh-chain',
    pattern:
      /(创始人|创办人|发明者|发明人|作者|导演|建筑师|设计者|导师|父亲|母亲|妻子|丈夫|老师|学生|校长|主演)[^，。？！]{0,20}(在哪|哪里|哪一年|哪年|哪所|哪个|什么时候|是谁|叫什么)/,
    choice: deep,
  },
  { id: 'zh-of-of', pattern: /的[^，。？！]{1,10}的[^，。？！]{1,10}的/, choice: deep },
  // Code: the words and artefacts of programming.
  {
    id: 'zh-code',
    pattern:
      /代码|编程|程序|函数|脚本|源码|测试用例|单元测试|单测|调试|重构|打包|编译|部署|接口|算法|正则|数据库|爬虫|前端|后端|报错|bug|python|java|javascript|typescript|c\+\+|golang|rust|exe|api|sql/i,
    choice: coding,
  },
  // Stories: fiction by its form, its genre or its parts.
  {
    id: 'zh-story',
    pattern: /故事|小说|童话|寓言|传说|神话|剧本|情节|主人公|主角|反派|章节|睡前|科幻|奇幻|武侠|悬疑|续写/,
    choice: story,
  },
  // Lessons: teaching words, an audience by age or grade, exercises with answers.
  {
    id: 'zh-teach',
    pattern: /讲解|教我|教一下|教学|课程|教案|课件|备课|入门|零基础|通俗易懂|深入浅出/,
    choice: teach,
  },
  { id: 'zh-explain', pattern: /解释|讲讲|讲一讲|说明一下/, choice: teach, weight: 0.5 },
  {
    id: 'zh-audience',
    pattern:
      /(\d+|[一二三四五六七八九十]+)\s*(岁|年级)|小学生|初中生|高中生|大学生|孩子|小朋友|新手|初学者|学生/,
    choice: teach,
  },
  { id: 'zh-exercises', pattern: /练习题|习题|作业|测验|小测|参考答案|答案/, choice: teach },
  // The user's own documents, with citations.
  {
    id: 'zh-my-documents',
    pattern:
      /(我的|我们的|上传的|附件|附上的|这份|这篇|这些)[^，。？！]{0,8}(笔记|文档|文件|资料|pdf|知识库|手册|合同|报告|邮件|纪要|论文|记录)/i,
    choice: rag,
  },
  { id: 'zh-according-to', pattern: /根据[^，。？！]{0,12}(文档|资料|笔记|文件|知识库|手册)/, choice: rag },
  { id: 'zh-cite', pattern: /引用|出处|注明来源|标注来源|原文/, choice: rag },
  // A choice among named options on criteria.
  {
    id: 'zh-compare',
    pattern:
      /对比|比较|相比|哪个(更|好|适合|划算|值得)|选哪|该选|怎么选|还是[^，。？！]{0,12}(好|划算|合适|值得)/,
    choice: compare,
  },
  { id: 'zh-criteria', pattern: /标准|权重|性价比|打分/, choice: compare, weight: 0.5 },
  // Open questions that gain from several voices.
  {
    id: 'zh-debate',
    pattern: /辩论|头脑风暴|集思广益|利弊|优缺点|正反|多角度|不同观点|唱反调|起名/,
    choice: debate,
  },
];
