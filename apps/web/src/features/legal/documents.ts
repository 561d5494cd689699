/**
 * The text of 《用户服务协议》 and 《隐私政策》, shared by the desktop pages and the H5 pages. The
 * version both carry is POLICY_VERSION of @eav/contract: change it whenever this text changes, so
 * that every user is asked to consent again (docs/privacy.md).
 */
import { POLICY_EFFECTIVE_DATE, POLICY_TITLES, POLICY_VERSION } from '@eav/contract';
import { site } from '@/config/site';

/** One numbered section: paragraphs, then an optional list. */
export interface PolicySection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface PolicyDocument {
  title: string;
  /** 版本 and 生效日期 line under the title. */
  meta: string;
  intro: string;
  sections: PolicySection[];
}

const meta = `版本：${POLICY_VERSION}，生效日期：${POLICY_EFFECTIVE_DATE}`;
const contact = `客服热线 ${site.contact.hotline}（${site.contact.weekdays}，${site.contact.weekends}），客服邮箱 ${site.contact.email}`;

export const PRIVACY_POLICY: PolicyDocument = {
  title: POLICY_TITLES.privacy,
  meta,
  intro:
    `${site.platformName}（以下简称“平台”）由${site.organisers.host}主办、${site.organisers.implementer}承办，` +
    '依据《中华人民共和国个人信息保护法》《儿童个人信息网络保护规定》处理您的个人信息。本政策说明我们收集哪些信息、' +
    '为什么收集、保存多久、谁能看到，以及您如何查阅、导出和删除。平台的主要用户是中小学生，我们只收集提供服务所必需的最少信息。',
  sections: [
    {
      heading: '一、我们收集的信息',
      paragraphs: ['注册与使用平台时，我们收集以下信息：'],
      items: [
        '注册信息：手机号（接收验证码、登录与找回密码）、用户名、登录密码（仅保存不可逆的加密摘要）、身份（学生或教师）；学生另填出生年份，只用于判断是否需要监护人同意。',
        '完善资料（自愿）：真实姓名、学校、地区、学段、年级或任教学科，用于推荐对应的教材与资源。',
        '第三方登录（自愿）：您选择微信、之江汇或教育魔方登录时，对方提供的账号标识、姓名、学校与身份信息。',
        '使用记录：教材阅读进度、激活的教材、收藏与下载、作业与错题、研修学习记录、活动积分。',
        '安全记录：登录时间、IP 地址、设备类型与浏览器信息，用于识别异常登录和防范攻击。',
        '您上传的文件：头像、作业图片等，仅用于您选择的功能。',
      ],
    },
    {
      heading: '二、我们为什么收集',
      paragraphs: [
        '上述信息仅用于：创建和保护您的账号；提供数字教材阅读、同步资源、网络学习、作业与研修等服务；统计平台整体使用情况' +
          '（仅使用去标识化的汇总数据）；依法履行网络安全义务。我们不会将您的个人信息用于商业广告或用户画像营销，不会出售您的个人信息。',
      ],
    },
    {
      heading: '三、不满十四周岁的学生',
      paragraphs: [
        '不满十四周岁未成年人的个人信息属于敏感个人信息。未成年学生应在监护人的陪同下阅读本政策，并在取得监护人同意后使用平台。',
      ],
      items: [
        '判断方式：学生注册时填写出生年份。当年年份减去出生年份不超过 14 的学生，按可能未满十四周岁对待。',
        '监护人同意之前：账号只能浏览公开内容，不能激活教材、提交作业、参加活动、发送咨询或修改资料，也不记录阅读进度和浏览记录。',
        '监护人同意：监护人使用本人手机号接收短信验证码并勾选同意本政策后，账号方可正常使用。我们记录监护人手机号、同意时间和所同意的政策版本；监护人手机号不能是孩子本人的手机号。',
        '监护人的权利：监护人可随时在平台的“监护人服务”页面（网址 /#/guardian）用该手机号验证身份，查看孩子账号保存的信息，或删除孩子的账号及其全部数据；也可以通过下文的联系方式提出。',
      ],
    },
    {
      heading: '四、保存期限',
      items: [
        '账号信息在您使用平台期间保存；您注销账号后立即删除或匿名化，手机号随即释放。',
        '短信验证码 5 分钟内有效，仅保存其不可逆的摘要，过期后定期清除。',
        '登录会话在最后一次使用 7 天后失效。',
        '安全记录（登录日志）保存不超过 6 个月，注销账号时去除其中可识别您的信息。',
        '法律法规另有规定的，按规定期限保存。',
      ],
      paragraphs: [],
    },
    {
      heading: '五、谁能看到您的信息',
      items: [
        '您本人：在“个人中心”查看和修改资料。',
        '您的任课教师：您加入班级后，教师可以看到您在该班级的作业与成绩。',
        '平台运营人员：仅在处理客服咨询、账号安全与审核时，按最小权限查看，所有操作均有记录。',
        '第三方登录服务方：仅在您主动使用微信、之江汇或教育魔方登录或绑定时，与其交换完成登录所需的信息。',
        '短信服务商：仅为发送验证码获得您的手机号。',
      ],
      paragraphs: ['除法律法规要求外，我们不会向其他任何单位或个人提供您的个人信息。'],
    },
    {
      heading: '六、您的权利：查阅、导出、更正与删除',
      items: [
        '查阅与更正：在“个人中心”查看并修改个人资料、头像与密码。',
        '导出：您或您的监护人可以通过客服邮箱申请获取账号信息的副本，我们将在核实身份后 15 个工作日内提供。',
        '删除：在“个人中心—账号注销”中通过短信验证码或登录密码确认注销，平台将立即删除或匿名化您的全部个人信息，包括阅读记录、作业、上传的文件和第三方账号绑定。',
        '解绑第三方账号：在“个人中心—账号绑定”中随时解绑。',
        '撤回同意：您可以随时注销账号以撤回同意；撤回不影响此前基于同意已进行的处理。',
      ],
      paragraphs: [],
    },
    {
      heading: '七、信息安全',
      paragraphs: [
        '我们采用传输加密、密码摘要存储、访问控制、登录失败锁定和操作审计等措施保护您的信息。如发生个人信息安全事件，我们将依法及时告知您并向主管部门报告。',
      ],
    },
    {
      heading: '八、本政策的更新',
      paragraphs: [
        '本政策更新后，您再次登录时平台会提示您阅读并确认新版本；在您同意新版本之前，我们不会按新规则处理您的信息。',
      ],
    },
    {
      heading: '九、联系我们',
      paragraphs: [
        `个人信息保护相关问题、申请导出或删除，请联系${site.organisers.implementer}：${contact}。我们将在 15 个工作日内答复。`,
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: PolicyDocument = {
  title: POLICY_TITLES.terms,
  meta,
  intro:
    `欢迎使用${site.platformName}。本协议是您与平台运营方${site.organisers.implementer}之间关于注册和使用平台的约定。` +
    '请在注册前仔细阅读；未满十四周岁的学生请在监护人陪同下阅读，并取得监护人同意。勾选同意并完成注册，即表示您接受本协议与《隐私政策》。',
  sections: [
    {
      heading: '一、服务内容',
      paragraphs: [
        '平台在浙江省教育厅业务指导下提供数字教材阅读与激活、同步资源、试卷与题库、网络学习、智慧教学、教师研修与智慧出版等服务。部分教材需使用激活码开通。',
      ],
    },
    {
      heading: '二、账号注册与使用',
      items: [
        '您应使用本人手机号注册，并如实选择学生或教师身份。',
        '账号仅限本人使用，请妥善保管密码，不要将账号、密码或短信验证码告知他人。',
        '发现账号被盗用，请立即修改密码或联系客服。',
        '您可以随时在“个人中心”注销账号，注销后账号中的信息将被删除且无法恢复。',
      ],
      paragraphs: [],
    },
    {
      heading: '三、使用规范',
      items: [
        '不得上传、发布违法违规、侵犯他人权益或不适合未成年人的内容。',
        '不得以任何方式干扰平台正常运行，不得批量注册账号或使用程序批量获取平台内容。',
        '不得将平台提供的教材与资源用于商业用途或未经授权的传播。',
      ],
      paragraphs: [],
    },
    {
      heading: '四、知识产权',
      paragraphs: [
        '平台上的数字教材、课程与资源的著作权归相应权利人所有，仅授权您在平台内用于学习与教学。您上传的作业等内容的权利归您所有，您授权平台为提供服务而存储和展示。',
      ],
    },
    {
      heading: '五、个人信息保护',
      paragraphs: ['我们按照《隐私政策》处理您的个人信息。《隐私政策》是本协议的组成部分。'],
    },
    {
      heading: '六、协议的变更与终止',
      paragraphs: [
        '本协议更新后，您再次登录时将被提示阅读并确认新版本；不同意的，可以停止使用并注销账号。您违反本协议的，平台可以依法暂停或停用您的账号。',
      ],
    },
    {
      heading: '七、联系我们',
      paragraphs: [`对本协议有任何疑问，请联系${site.organisers.implementer}：${contact}。`],
    },
  ],
};
