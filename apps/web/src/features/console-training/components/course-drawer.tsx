/**
 * 新建/编辑研修课程: the course definition as a form (title, 学段/学科, lecturer, 学时, pass mark,
 * modules of video lessons, documents, the closing quiz picked from the question bank or typed as
 * ids), checked with the contract's `trainingCourseDefinition` before it is sent. With enrolled
 * teachers the server keeps lessons, quiz, hours and pass mark; the drawer says so.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TRAINING_LIMITS } from '@eav/contract';
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Select, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useStages, useStageSubjects } from '@/api/dictionaries';
import { SaveError } from '@/components/ui/save-error';
import { errorMessage } from '@/lib/error-message';
import { useCourse } from '../api/get-course';
import { useSaveCourse } from '../api/save-course';
import { useQuestionSearch } from '../api/search-questions';
import {
  courseProblems,
  definitionOfForm,
  emptyCourse,
  formOfDefinition,
  showProblems,
  type CourseFormValues,
} from '../lib/course-form';
import styles from './console.module.css';

const L = TRAINING_LIMITS;

/** The quiz picker: question-bank search by keyword; typed ids are kept as they are. */
function QuizPicker(props: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const found = useQuestionSearch(keyword, open);
  const options = (found.data?.items ?? []).map((q) => ({
    value: String(q.id),
    label: `#${q.id} ${q.type} ${q.stem.replace(/\s+/g, ' ').slice(0, 40)}`,
  }));
  return (
    <Select
      id={props.id}
      mode="tags"
      value={props.value}
      onChange={props.onChange}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: (s) => setKeyword(s.trim()) }}
      options={options}
      loading={found.isFetching}
      tokenSeparators={[',', '，', ' ']}
      placeholder="搜索题干选择题目，或直接输入题目 id"
      notFoundContent={found.isFetching ? <Spin size="small" /> : '没有找到题目'}
      aria-label="结业测验题目"
    />
  );
}

export function CourseDrawer({
  courseId,
  open,
  onClose,
}: {
  courseId: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CourseFormValues>();
  const course = useCourse(open ? courseId : null);
  const save = useSaveCourse();
  const stage = Form.useWatch('stage', form);
  const stages = useStages();
  const stageId = stages.data?.find((s) => s.name === stage)?.id;
  const subjects = useStageSubjects(stageId);
  const locked = (course.data?.enrolledCount ?? 0) > 0;

  useEffect(() => {
    if (!open) return;
    save.reset();
    if (courseId === null) form.setFieldsValue(emptyCourse());
    else if (course.data) form.setFieldsValue(formOfDefinition(course.data.definition));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `save` is stable enough for a reset when the drawer opens
  }, [open, courseId, course.data, form]);

  const submit = () => {
    const values = form.getFieldsValue(true) as CourseFormValues;
    const def = definitionOfForm(values);
    const problems = courseProblems(def);
    // Field errors where antd shows them (earlier ones cleared); the first message also on top, since
    // list-level problems (至少一个模块) have no field of their own.
    showProblems(form, problems);
    if (problems.length > 0) {
      void message.error(problems[0]!.message);
      return;
    }
    save.mutate(def, {
      onSuccess: (r) => {
        void message.success(r.created ? '课程已创建' : '课程已保存');
        onClose();
      },
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={760}
      title={courseId === null ? '新建研修课程' : '编辑研修课程'}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存
          </Button>
        </Space>
      }
    >
      {courseId !== null && course.isPending ? (
        <Spin tip="加载中…">
          <div style={{ height: 120 }} />
        </Spin>
      ) : course.isError ? (
        <Alert type="error" showIcon title={errorMessage(course.error, '操作失败，请稍后重试')} />
      ) : (
        <Form<CourseFormValues> form={form} layout="vertical" aria-label="研修课程" initialValues={emptyCourse()}>
          {locked && (
            <Alert
              style={{ marginBottom: 16 }}
              type="info"
              showIcon
              title={`已有 ${course.data?.enrolledCount} 位教师报名：课时视频、结业测验、学时和及格分不能再修改，名称、简介、资料和发布状态仍可修改。`}
            />
          )}
          <SaveError error={save.error} style={{ marginBottom: 16 }} />
          <Space wrap align="start">
            <Form.Item name="code" label="课程编码" required extra="2–40 位字母、数字、下划线或连字符">
              <Input disabled={courseId !== null} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="title" label="课程名称" required>
              <Input maxLength={L.titleMax} style={{ width: 420 }} />
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item name="stage" label="学段" required>
              <Select
                style={{ width: 140 }}
                placeholder="选择学段"
                loading={stages.isPending}
                options={(stages.data ?? []).map((s) => ({ value: s.name, label: s.name }))}
                onChange={() => form.setFieldValue('subject', undefined)}
              />
            </Form.Item>
            <Form.Item name="subject" label="学科" required>
              <Select
                style={{ width: 140 }}
                placeholder={stageId ? '选择学科' : '先选学段'}
                disabled={!stageId}
                options={(subjects.data ?? []).map((s) => ({ value: s.name, label: s.name }))}
              />
            </Form.Item>
            <Form.Item name="lecturer" label="主讲人" required>
              <Input maxLength={L.lecturerMax} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="creditHours" label="学时" required>
              <InputNumber min={0.5} max={L.hoursMax} step={0.5} disabled={locked} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="passMark" label="及格分" required>
              <InputNumber min={1} max={100} precision={0} disabled={locked} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="published" label="发布" valuePropName="checked">
              <Switch checkedChildren="发布" unCheckedChildren="不发布" />
            </Form.Item>
          </Space>
          <Form.Item name="summary" label="课程简介">
            <Input.TextArea rows={3} maxLength={L.summaryMax} showCount />
          </Form.Item>
          <Form.Item name="coverUrl" label="封面地址" extra="https:// 地址或站内路径，可不填">
            <Input />
          </Form.Item>

          <Typography.Title level={3} style={{ fontSize: 15 }}>
            模块与课时
          </Typography.Title>
          <Form.List name="modules">
            {(modules, { add, remove }) => (
              <>
                {modules.map((m, mi) => (
                  <div key={m.key} className={styles.module} role="group" aria-label={`模块 ${mi + 1}`}>
                    <div className={styles.row}>
                      <Form.Item name={[m.name, 'title']} label={`模块 ${mi + 1} 名称`} style={{ flex: 1 }} required>
                        <Input maxLength={L.titleMax} />
                      </Form.Item>
                      {!locked && modules.length > 1 && (
                        <Button
                          type="text"
                          danger
                          icon={<MinusCircleOutlined />}
                          aria-label={`删除模块 ${mi + 1}`}
                          onClick={() => remove(m.name)}
                          style={{ marginTop: 30 }}
                        />
                      )}
                    </div>
                    <Form.List name={[m.name, 'lessons']}>
                      {(lessons, ops) => (
                        <>
                          {lessons.map((l, li) => (
                            <div key={l.key} className={styles.row}>
                              <Form.Item
                                name={[l.name, 'title']}
                                label={`课时 ${li + 1} 名称`}
                                style={{ flex: 1 }}
                                required
                              >
                                <Input maxLength={L.titleMax} />
                              </Form.Item>
                              <Form.Item
                                name={[l.name, 'videoId']}
                                label="视频 id"
                                required
                                tooltip="网络学习视频的 id（教材的课时视频）"
                              >
                                <InputNumber min={1} precision={0} disabled={locked} style={{ width: 120 }} />
                              </Form.Item>
                              {!locked && lessons.length > 1 && (
                                <Button
                                  type="text"
                                  danger
                                  icon={<MinusCircleOutlined />}
                                  aria-label={`删除模块 ${mi + 1} 的课时 ${li + 1}`}
                                  onClick={() => ops.remove(l.name)}
                                  style={{ marginTop: 30 }}
                                />
                              )}
                            </div>
                          ))}
                          {!locked && lessons.length < L.lessonsMax && (
                            <Button
                              type="dashed"
                              icon={<PlusOutlined />}
                              onClick={() => ops.add({ title: '', videoId: null })}
                              style={{ marginBottom: 12 }}
                            >
                              添加课时
                            </Button>
                          )}
                        </>
                      )}
                    </Form.List>
                  </div>
                ))}
                {!locked && modules.length < L.modulesMax && (
                  <Button
                    type="dashed"
                    block
                    icon={<PlusOutlined />}
                    onClick={() => add({ title: '', lessons: [{ title: '', videoId: null }] })}
                    style={{ marginBottom: 16 }}
                  >
                    添加模块
                  </Button>
                )}
              </>
            )}
          </Form.List>

          <Typography.Title level={3} style={{ fontSize: 15 }}>
            学习资料
          </Typography.Title>
          <Form.List name="documents">
            {(docs, { add, remove }) => (
              <>
                {docs.map((d, di) => (
                  <div key={d.key} className={styles.row}>
                    <Form.Item name={[d.name, 'title']} label={`资料 ${di + 1} 名称`} style={{ width: 240 }} required>
                      <Input maxLength={80} />
                    </Form.Item>
                    <Form.Item name={[d.name, 'url']} label="文档地址" style={{ flex: 1 }} required>
                      <Input placeholder="https:// 地址或站内路径" />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<MinusCircleOutlined />}
                      aria-label={`删除资料 ${di + 1}`}
                      onClick={() => remove(d.name)}
                      style={{ marginTop: 30 }}
                    />
                  </div>
                ))}
                {docs.length < L.documentsMax && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ title: '', url: '' })}
                    style={{ marginBottom: 16 }}
                  >
                    添加资料
                  </Button>
                )}
              </>
            )}
          </Form.List>

          <Typography.Title level={3} style={{ fontSize: 15 }}>
            结业测验
          </Typography.Title>
          <Form.Item
            name="quizQuestionIds"
            label="题目"
            required
            extra="题库中带选项的单选题、多选题或判断题；可搜索题干选择，也可直接输入题目 id（多个用空格或逗号分隔）"
          >
            {locked ? <Select mode="tags" disabled aria-label="结业测验题目" /> : <QuizPicker />}
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
