/**
 * `/mobileH5/contactUs` (联系我们): service hours with whether someone is on duty now (Beijing time),
 * the live chat (在线咨询, docs/chat.md), the hotline (tap to call), the support mailbox (tap to write), and the help articles. Contact
 * details come from config/site.ts, as on the desktop footer and chat panel.
 */
import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { List } from 'antd-mobile';
import { useChatPanel } from '@/components/layouts/chat-context';
import { H5Page } from '@/components/layouts/h5-page';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { isServiceOpen } from '@/lib/service-hours';
import styles from './contact-us.module.css';
import { ROW_ACTION_ROW, RowLink } from '@/components/ui/row-action';

export default function MobileContactUsRoute() {
  const online = isServiceOpen();
  const openChat = useChatPanel((s) => s.setOpen);
  const tel = site.contact.hotline.replace(/[^\d+]/g, '');
  const mail = `mailto:${site.contact.email}?subject=${encodeURIComponent(`${site.platformName} 咨询`)}`;
  return (
    <H5Page title="联系我们">
      <section className={styles.card} aria-labelledby="contact-hours">
        <h2 id="contact-hours">服务时间</h2>
        <p className={online ? styles.online : styles.offline} data-testid="contact-status">
          <span className={styles.dot} aria-hidden />
          {online
            ? '客服在线，欢迎在线咨询或来电'
            : '当前为非服务时间，您可以在线留言或发送邮件，我们将在服务时间内回复'}
        </p>
        <dl className={styles.hours}>
          <dt>工作日</dt>
          <dd>{site.contact.weekdays.replace(/^工作日\s*/, '')}</dd>
          <dt>周末</dt>
          <dd>{site.contact.weekends.replace(/^周末\s*/, '')}</dd>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="contact-channels">
        <h2 id="contact-channels">联系方式</h2>
        <button type="button" className={styles.chat} onClick={() => openChat(true)} data-testid="contact-chat">
          在线咨询{online ? '' : '（留言）'}
        </button>
        <a className={styles.channel} href={`tel:${tel}`} data-testid="contact-hotline">
          <span className={styles.channelIcon} aria-hidden>
            <PhoneOutlined />
          </span>
          <span>
            <strong>客服热线</strong>
            <span>{site.contact.hotline}（点击拨打）</span>
          </span>
        </a>
        <a className={styles.channel} href={mail} data-testid="contact-email">
          <span className={styles.channelIcon} aria-hidden>
            <MailOutlined />
          </span>
          <span>
            <strong>客服邮箱</strong>
            <span>{site.contact.email}</span>
          </span>
        </a>
      </section>

      <section className={styles.card} aria-labelledby="contact-more">
        <h2 id="contact-more">常见问题</h2>
        <List>
          <List.Item className={ROW_ACTION_ROW} description="输入教材激活码，开通完整阅读" arrow>
            <RowLink to={paths.mobile.activation}>如何激活教材</RowLink>
          </List.Item>
          <List.Item className={ROW_ACTION_ROW} description="通过手机验证码重设密码" arrow>
            <RowLink to={paths.mobile.forget}>忘记密码</RowLink>
          </List.Item>
          <List.Item className={ROW_ACTION_ROW} description="资料、绑定与注销" arrow>
            <RowLink to={paths.mobile.userCenter}>账号与个人中心</RowLink>
          </List.Item>
        </List>
      </section>

      <p className={styles.org}>
        {site.organisers.implementer}
        <br />
        业务指导：{site.organisers.guidance}
      </p>
    </H5Page>
  );
}
