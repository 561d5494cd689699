/** 版权声明 (/copyRight): the copyright statement linked from the footer (docs/product.md §2, Footer). */
import { site } from '@/config/site';

export default function CopyRightRoute() {
  return (
    <article className="eav-doc eav-container">
      <header className="eav-doc__head">
        <h1>版权声明</h1>
        <p>{site.filing.copyright}</p>
      </header>
      <section>
        <h2>一、权利归属</h2>
        <p>
          {site.platformName}
          （以下简称“本平台”）所发布的数字教材、课程视频、教学资源、文字、图片、音视频、软件及页面设计等内容，
          其著作权及相关权利归本平台或相关权利人所有，受《中华人民共和国著作权法》及相关法律法规保护。
        </p>
      </section>
      <section>
        <h2>二、使用范围</h2>
        <p>
          本平台内容仅供用户个人学习、教学及研究等非商业目的使用。未经本平台或权利人书面许可，任何单位和个人不得以复制、转载、
          改编、汇编、信息网络传播等任何方式使用上述内容，亦不得将激活码、账号转让或出售给他人。
        </p>
      </section>
      <section>
        <h2>三、转载与引用</h2>
        <p>经许可转载或引用本平台内容的，应注明来源“{site.platformName}”，并不得歪曲、篡改原意，不得用于商业宣传。</p>
      </section>
      <section>
        <h2>四、侵权投诉</h2>
        <p>
          如您认为本平台的内容侵犯了您的合法权益，请将权利证明、侵权内容所在页面及联系方式发送至
          <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>，本平台将在核实后依法及时处理。
        </p>
      </section>
      <section className="eav-doc__filing">
        <p>{site.filing.icp}</p>
        <p>{site.filing.police}</p>
        {site.filing.publication.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
    </article>
  );
}
